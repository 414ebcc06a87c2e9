import { filesTexts } from '@roomscale/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showError } from '../../components/dialogs.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useFileItem } from './api.ts';
import { useFilesContext } from './FilesContext.tsx';
import { filesPaths, libraryPath, libraryScopeOf } from './paths.ts';

/** /files/{folderId} (the folder menu's 'Open'): finds the folder's scope and goes there. */
export function FolderRedirect() {
  const { folderId = '' } = useParams();
  const { teamId } = useFilesContext();
  const navigate = useNavigate();
  const folder = useFileItem(teamId, folderId);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (folder.data?.type === 'Folder') {
      done.current = true;
      navigate(libraryPath(libraryScopeOf(folder.data), folder.data.fileId), { replace: true });
    } else if (folder.isError || folder.data) {
      done.current = true;
      void showError(filesTexts.library.notFound);
      navigate(filesPaths.home, { replace: true });
    }
  }, [folder.data, folder.isError, navigate]);

  return <PageLoader />;
}
