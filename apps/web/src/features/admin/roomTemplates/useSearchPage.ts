// The hook now lives beside every admin list (features/admin/useSearchPage.ts). This re-export
// stays only while the team list, written at the same time, still imports it from here.
export { useSearchPage } from '../useSearchPage.ts';
