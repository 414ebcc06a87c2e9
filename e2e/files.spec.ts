import { readFileSync, rmSync } from 'node:fs';
import type { APIRequestContext, Locator, Request } from '@playwright/test';
import { seedUser, signInApi } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { type Fixture, makeFileFixtures } from './support/fileFixtures.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * The browser journeys of the files area (issue 3 §5; part2 §2 Files home and File modals, §4
 * Upload flow / Video / Notes / Moving / File browsing, §5, §8): uploads of each previewable kind
 * with their thumbnails and previews, edit and details, folders and moving, download, delete,
 * notes, an upload resumed after a reload, and the dashboard's recent files.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
type Api = { headers: Record<string, string>; teamId: string };

let fixtures: ReturnType<typeof makeFileFixtures>;
test.beforeAll(() => {
  fixtures = makeFileFixtures();
});
// The files area logs nothing on the console on these journeys (CSP violations included),
// except the browser's own line for the download call's 409 while a video is processing
// (part2 §8: the spec's answer the lightbox polls for).
const processing409 = 'Failed to load resource: the server responded with a status of 409';
test.afterEach(({ consoleErrors }) => {
  const unexpected = consoleErrors.filter((e) => !e.startsWith(processing409));
  expect(unexpected, 'console errors').toEqual([]);
});
test.afterAll(() => {
  if (fixtures) rmSync(fixtures.dir, { recursive: true, force: true });
});

const card = (scope: Page | Locator, name: string) =>
  scope.getByRole('group', { name, exact: true });
const toast = (page: Page, heading: string, detail?: string) => {
  const alert = page.getByRole('alert').filter({ hasText: heading });
  return detail ? alert.filter({ hasText: detail }) : alert;
};

/** Opens the '⋯' menu of the card named `name` and clicks `action`. */
async function cardAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Actions for ${name}`, exact: true })
    .getByRole('menuitem', { name: action, exact: true })
    .click();
}

/** New → File upload, through the real file chooser the menu opens. */
async function uploadThroughNew(page: Page, files: Fixture[]) {
  await page.getByRole('button', { name: 'New' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'File upload' }).click();
  await (await chooser).setFiles(files.map((f) => f.path));
}

/** The card's thumbnail picture has loaded (a decoded image, not the type's icon). */
async function expectThumbnail(item: Locator, timeout = 10_000) {
  const img = item.locator('img');
  await expect(img).toBeVisible({ timeout });
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
      timeout,
    })
    .toBeGreaterThan(0);
}

/** The server's view of one item, found by name in a team's listing. */
async function findItem(request: APIRequestContext, api: Api, name: string) {
  const res = await request.post(`/api/Organizations/${api.teamId}/File`, {
    headers: api.headers,
    data: { pagination: { page: 1, pageSize: 100 }, hierarchical: false, scopes: ['Organization'] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const page = (await res.json()) as {
    results: { fileId: string; name: string; properties: Record<string, unknown> }[];
  };
  return page.results.find((f) => f.name === name);
}

async function openTeamFiles(page: Page) {
  await page
    .getByRole('navigation', { name: 'Files menu' })
    .getByRole('link', { name: 'Team files' })
    .click();
  await expect(page).toHaveURL(/\/files\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team files' })).toBeVisible();
}

test.describe('files', () => {
  test('uploads of an image, a PDF, a 3D model and a video → thumbnails, previews, edit, folders, moving, download, delete, dashboard', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(150_000);
    const owner = await seedUser(request, mailbox, {
      prefix: 'files-owner',
      team: 'Harbour Design',
      avatar: true,
    });
    const api = await signInApi(request, owner);
    const { png, pdf, glb, mp4 } = fixtures;

    await logIn(page, owner.email, owner.password);
    // The dashboard before any upload: no recent files yet.
    const recent = page.getByRole('region', { name: 'Recent files' });
    await expect(recent.getByText('No files yet')).toBeVisible();

    // ── Files landing: three cards; 'New' is disabled until a library is shown. ──
    await page.goto('/files');
    await expect(page).toHaveTitle(title('Files'));
    // The landing's cards (the left menu has links of the same names, without the text).
    for (const name of ['Personal files', 'Team files', 'Recent notes']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name} .+`) })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'New' })).toBeDisabled();
    await screenshot(page, 'files-landing');
    await expectAccessible(page, 'files landing');

    await openTeamFiles(page);
    await expect(page.getByText('- No Media -')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New' })).toBeEnabled();

    // ── 1. Upload four files at once: the panel shows progress, then 'Upload completed'. ──
    // The upload addresses are held back until the panel has been looked at.
    let releaseSlots!: () => void;
    const slotsReleased = new Promise<void>((r) => {
      releaseSlots = r;
    });
    await page.route('**/File/Upload', async (route) => {
      await slotsReleased;
      await route.continue();
    });
    await uploadThroughNew(page, [png, pdf, glb, mp4]);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Uploads (4)')).toBeVisible();
    await expect(panel.getByTestId('upload-row')).toHaveCount(4);
    await expect(panel.getByText('Preparing', { exact: true })).toHaveCount(4);
    await expect(panel.getByRole('button', { name: `Cancel upload of ${mp4.name}` })).toBeVisible();
    await screenshot(page, 'files-upload-panel');
    releaseSlots();
    // One grouped toast, not four: the first file's name, then the count as more finish
    // (how many it shows depends on how close together they finish).
    const completed = toast(page, 'Upload completed');
    await expect(completed.first()).toBeVisible({ timeout: 40_000 });
    await expect(panel).toBeHidden({ timeout: 40_000 });
    expect(await completed.count()).toBeLessThanOrEqual(1);

    const files = page.getByRole('region', { name: 'Files', exact: true });
    for (const f of [png, pdf, glb, mp4]) await expect(card(files, f.name)).toBeVisible();
    await expect(card(files, png.name)).toContainText('Image');
    await expect(card(files, pdf.name)).toContainText('Document');
    await expect(card(files, glb.name)).toContainText('3D model');
    await expect(card(files, mp4.name)).toContainText('Video');

    // Thumbnails made in the browser: the picture, the PDF's first page, the model's snapshot
    // (software WebGL) and the video's middle frame (once the media job has read the video).
    await expectThumbnail(card(files, png.name));
    await expectThumbnail(card(files, pdf.name));
    await expectThumbnail(card(files, glb.name));
    await expect
      .poll(async () => (await findItem(request, api, mp4.name))?.properties.TranscodingStatus, {
        timeout: 30_000,
      })
      .toBe(100);
    // The card shows the end of processing by itself, with the video's frame.
    await expect(card(files, mp4.name).getByText('Processing video')).toBeHidden({
      timeout: 15_000,
    });
    await expectThumbnail(card(files, mp4.name));
    await screenshot(page, 'files-team-library');
    await expectAccessible(page, 'team files library with items');

    // ── Previews in the lightbox; Escape closes each. ──
    const lightbox = (name: string) => page.getByRole('dialog', { name });

    await cardAction(page, png.name, 'Preview');
    await expect(lightbox(png.name).getByRole('img', { name: png.name })).toBeVisible();
    await expect
      .poll(() =>
        lightbox(png.name)
          .getByRole('img', { name: png.name })
          .evaluate((el: HTMLImageElement) => el.naturalWidth),
      )
      .toBe(320);
    await expect(lightbox(png.name).getByRole('button', { name: 'Download' })).toBeVisible();
    await screenshot(page, 'files-lightbox-image');
    await expectAccessible(page, 'image lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox(png.name)).toBeHidden();

    await card(files, pdf.name)
      .getByRole('button', { name: `Open ${pdf.name}` })
      .dblclick();
    await expect(
      lightbox(pdf.name).getByRole('img', { name: `${pdf.name}: Page 1 of 1` }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await screenshot(page, 'files-lightbox-pdf');
    await page.keyboard.press('Escape');
    await expect(lightbox(pdf.name)).toBeHidden();

    await cardAction(page, glb.name, 'Preview');
    const viewer = lightbox(glb.name).locator('model-viewer');
    await expect(viewer).toBeVisible({ timeout: 20_000 });
    await expect(viewer).toHaveAttribute('camera-controls', '');
    await expect(viewer).toHaveAttribute('disable-zoom', '');
    await expect
      .poll(() => viewer.evaluate((el) => (el as HTMLElement & { loaded: boolean }).loaded), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot(page, 'files-lightbox-model');
    await page.keyboard.press('Escape');
    await expect(lightbox(glb.name)).toBeHidden();

    await cardAction(page, mp4.name, 'Preview');
    const player = lightbox(mp4.name).locator('video');
    await expect(player).toBeVisible();
    await expect
      .poll(
        () =>
          player.evaluate((el: HTMLVideoElement) => ({
            ready: el.readyState >= 2,
            playing: el.currentTime > 0 || !el.paused,
            duration: Math.round(el.duration),
          })),
        { timeout: 20_000 },
      )
      .toEqual({ ready: true, playing: true, duration: 2 });
    await screenshot(page, 'files-lightbox-video');
    await page.keyboard.press('Escape');
    await expect(lightbox(mp4.name)).toBeHidden();

    // ── 2. Edit: a new name, a description and a projection; Details shows them. ──
    const renamed = 'Harbour at dawn';
    await cardAction(page, png.name, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit media' });
    await field(page, 'Name').fill('');
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await field(page, 'Name').fill(renamed);
    await field(page, 'Description').fill('View from the quay, for the lobby screen.');
    await choose(page, 'Projection', 'Equirectangular');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(card(files, renamed)).toBeVisible();
    await expect(card(files, png.name)).toHaveCount(0);

    // A right-click opens the same menu.
    await card(files, renamed).click({ button: 'right' });
    await page
      .getByRole('menu', { name: `Actions for ${renamed}` })
      .getByRole('menuitem', { name: 'Details' })
      .click();
    const details = page.getByRole('dialog', { name: 'Media detail' });
    const row = (label: string) => details.getByRole('row', { name: new RegExp(`^${label}\\b`) });
    await expect(row('Name')).toContainText(renamed);
    await expect(row('Type')).toContainText('image');
    await expect(row('Location')).toContainText('Team files');
    await expect(row('Description')).toContainText('View from the quay, for the lobby screen.');
    await expect(row('360 mode')).toContainText('Yes');
    await expect(row('Created')).toContainText(/\d{1,2}-\d{1,2}-\d{4} \d{1,2}:\d{2}:\d{2}/);
    await expect(row('Created')).toContainText(`${owner.firstName} ${owner.lastName}`);
    await screenshot(page, 'files-details');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // ── 4. Download: the bytes and the name the server gives (the extension is added back). ──
    const saved = async (action: () => Promise<void>) => {
      const download = page.waitForEvent('download');
      await action();
      const d = await download;
      const path = await d.path();
      return { name: d.suggestedFilename(), bytes: readFileSync(path) };
    };
    const pdfCopy = await saved(() => cardAction(page, pdf.name, 'Download'));
    expect(pdfCopy.name).toBe(pdf.name);
    expect(pdfCopy.bytes.equals(pdf.bytes), 'downloaded PDF is byte-identical').toBe(true);
    const pngCopy = await saved(() => cardAction(page, renamed, 'Download'));
    expect(pngCopy.name).toBe(`${renamed}.png`);
    expect(pngCopy.bytes.equals(png.bytes), 'downloaded PNG is byte-identical').toBe(true);

    // ── 3. New → Folder: it opens; back; drag a file onto it → 'Move succeeded'. ──
    const folderName = 'Client handover';
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByRole('menuitem', { name: 'Folder' }).click();
    const newFolder = page.getByRole('dialog', { name: 'New folder' });
    const createFolder = newFolder.getByRole('button', { name: 'Create folder' });
    await expect(createFolder).toBeDisabled();
    await newFolder.getByLabel(/Name/).fill(folderName);
    await createFolder.click();
    await expect(page).toHaveURL(/\/files\/team\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await expect(page.getByText('- No Media -')).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    await expect(crumbs.getByText(folderName)).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Team files' }).click();
    await expect(page).toHaveURL(/\/files\/team$/);

    const folders = page.getByRole('region', { name: 'Folders' });
    await expect(card(folders, folderName)).toContainText('0 items');
    await card(files, pdf.name).dragTo(card(folders, folderName));
    await expect(toast(page, 'Move succeeded', pdf.name)).toBeVisible();
    await expect(card(files, pdf.name)).toHaveCount(0);
    await expect(card(folders, folderName)).toContainText('1 item');

    await card(folders, folderName)
      .getByRole('button', { name: `Open ${folderName}` })
      .dblclick();
    await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await expect(card(files, pdf.name)).toBeVisible();
    await expectThumbnail(card(files, pdf.name));
    await screenshot(page, 'files-folder');
    // A breadcrumb is a drop target too: the file goes back to the top of Team files.
    await expect(toast(page, 'Move succeeded', pdf.name)).toBeHidden();
    await card(files, pdf.name).dragTo(crumbs.getByRole('link', { name: 'Team files' }));
    await expect(toast(page, 'Move succeeded', pdf.name)).toBeVisible();
    await expect(page.getByText('- No Media -')).toBeVisible();
    await crumbs.getByRole('link', { name: 'Team files' }).click();
    await expect(page).toHaveURL(/\/files\/team$/);
    await expect(card(folders, folderName)).toContainText('0 items');
    await expect(card(files, pdf.name)).toBeVisible();

    // The left menu's Personal files entry takes a file to the personal top level.
    const menu = page.getByRole('navigation', { name: 'Files menu' });
    await card(files, mp4.name).dragTo(menu.getByRole('link', { name: 'Personal files' }));
    await expect(toast(page, 'Move succeeded', mp4.name)).toBeVisible();
    await expect(card(files, mp4.name)).toHaveCount(0);

    // ── 5. Delete, after the confirmation → 'Item removed'. ──
    await cardAction(page, glb.name, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    await expect(confirm).toContainText(`Delete "${glb.name}"? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Item removed', glb.name)).toBeVisible();
    await expect(card(files, glb.name)).toHaveCount(0);
    expect(await findItem(request, api, glb.name)).toBeUndefined();
    // The toast has gone before the dashboard's scan: one caught fading out reads as low contrast.
    await expect(toast(page, 'Item removed', glb.name)).toBeHidden({ timeout: 15_000 });

    // ── 8. The dashboard's recent files show the uploads; its buttons open the libraries. ──
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const name of [renamed, pdf.name, mp4.name]) {
      await expect(recent.getByRole('button', { name: `Open ${name}` })).toBeVisible();
    }
    await expect(recent.getByRole('button', { name: `Open ${glb.name}` })).toHaveCount(0);
    await expectThumbnail(recent.getByRole('button', { name: `Open ${renamed}` }));
    await expectThumbnail(recent.getByRole('button', { name: `Open ${mp4.name}` }));
    await screenshot(page, 'files-dashboard-recent');
    await expectAccessible(page, 'dashboard with recent files');

    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Personal files', exact: true }).click();
    await expect(page).toHaveURL(/\/files\/user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Personal files' })).toBeVisible();
    await expect(card(files, mp4.name)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await main.getByRole('link', { name: 'Team files', exact: true }).click();
    await expect(page).toHaveURL(/\/files\/team$/);
    await expect(card(files, renamed)).toBeVisible();

    // ── On a phone: the landing, a library with a folder and files, its menus and modals. ──
    await page.setViewportSize(phone);
    await expect(card(folders, folderName)).toBeVisible();
    await expectThumbnail(card(files, renamed));
    await screenshot(page, 'files-team-library-phone');
    await expectNoSidewaysScroll(page, 'the team library');
    await expectAccessible(page, 'team files library on a phone');
    await page.getByRole('button', { name: `Actions for ${renamed}`, exact: true }).click();
    await expect(page.getByRole('menu', { name: `Actions for ${renamed}` })).toBeVisible();
    await screenshot(page, 'files-card-menu-phone');
    await page.keyboard.press('Escape');
    await cardAction(page, renamed, 'Details');
    await expect(details).toBeVisible();
    await expect(row('Description')).toContainText('View from the quay, for the lobby screen.');
    await screenshot(page, 'files-details-phone');
    await expectNoSidewaysScroll(page, 'the details modal');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await cardAction(page, renamed, 'Edit');
    await expect(edit).toBeVisible();
    await screenshot(page, 'files-edit-phone');
    await expectNoSidewaysScroll(page, 'the edit modal');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await cardAction(page, renamed, 'Preview');
    await expect(lightbox(renamed).getByRole('img', { name: renamed })).toBeVisible();
    await screenshot(page, 'files-lightbox-image-phone');
    await expectNoSidewaysScroll(page, 'the image lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox(renamed)).toBeHidden();
    await card(folders, folderName)
      .getByRole('button', { name: `Open ${folderName}` })
      .dblclick();
    await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await screenshot(page, 'files-folder-phone');
    await expectNoSidewaysScroll(page, 'a folder');
    await page.goto('/files');
    await expect(page.getByRole('link', { name: /^Team files .+/ })).toBeVisible();
    await screenshot(page, 'files-landing-phone');
    await expectNoSidewaysScroll(page, 'the files landing');
    await page.goto('/files/recent');
    await expect(card(page, renamed)).toBeVisible();
    await screenshot(page, 'files-recent-phone');
    await expectNoSidewaysScroll(page, 'recent files');
  });

  test('notes: create with a colour, then edit; the change persists', async ({
    page,
    request,
    mailbox,
  }) => {
    const owner = await seedUser(request, mailbox, {
      prefix: 'files-notes',
      team: 'Quay Notes',
      avatar: true,
    });
    await logIn(page, owner.email, owner.password);
    await page.goto('/files');
    await openTeamFiles(page);

    await page.getByRole('button', { name: 'New' }).click();
    await page.getByRole('menuitem', { name: 'Note' }).click();
    const editor = page.getByRole('dialog', { name: 'New note' });
    const save = editor.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const text = editor.getByRole('textbox', { name: 'Write your note' });
    await text.fill('Bring the harbour model');
    await expect(editor.getByText('23/124')).toBeVisible();
    // The radio is visually hidden; a person clicks its swatch.
    const blue = editor.getByRole('radio', { name: 'Blue' });
    await editor
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Blue' }) })
      .click();
    await expect(blue).toBeChecked();
    await screenshot(page, 'files-note-editor');
    await expectAccessible(page, 'note editor');
    await save.click();
    await expect(editor).toBeHidden();

    const files = page.getByRole('region', { name: 'Files', exact: true });
    const note = card(files, 'Bring the harbour model');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Note');
    await expectThumbnail(note);
    await screenshot(page, 'files-note-card');

    // Open it (Enter on the card), change the text, save.
    await note.getByRole('button', { name: 'Open Bring the harbour model' }).press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit note' });
    const editText = edit.getByRole('textbox', { name: 'Write your note' });
    await expect(editText).toHaveValue('Bring the harbour model');
    await expect(edit.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await editText.fill('Bring the harbour model and the quay drawings for Friday');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    // Longer than 30 characters: the title is cut to 26 plus '...'.
    const newTitle = 'Bring the harbour model an...';
    await expect(card(files, newTitle)).toBeVisible();

    await page.reload();
    await expect(card(files, newTitle)).toBeVisible();
    await card(files, newTitle)
      .getByRole('button', { name: `Open ${newTitle}` })
      .dblclick();
    await expect(
      page
        .getByRole('dialog', { name: 'Edit note' })
        .getByRole('textbox', { name: 'Write your note' }),
    ).toHaveValue('Bring the harbour model and the quay drawings for Friday');
    await screenshot(page, 'files-note-reopened');

    // On a phone: the note editor and the library of notes.
    await page.setViewportSize(phone);
    await expect(page.getByRole('dialog', { name: 'Edit note' })).toBeVisible();
    await screenshot(page, 'files-note-editor-phone');
    await expectNoSidewaysScroll(page, 'the note editor');
    await page.keyboard.press('Escape');
    await page.goto('/files/recent');
    await expect(card(page, newTitle)).toBeVisible();
    await screenshot(page, 'files-recent-note-phone');
    await expectNoSidewaysScroll(page, 'recent files with a note');
  });

  test('an upload interrupted by a reload resumes from the stored offset and completes', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const owner = await seedUser(request, mailbox, {
      prefix: 'files-resume',
      team: 'Resume Works',
      avatar: true,
    });
    const api = await signInApi(request, owner);
    const big = fixtures.large;
    const size = big.bytes.length;
    const chunk = 262144 * 32;
    expect(size).toBeGreaterThan(3 * chunk);

    await logIn(page, owner.email, owner.password);
    await page.goto('/files');
    await openTeamFiles(page);

    // The second chunk never gets an answer: the upload is caught mid-way.
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let secondChunkSent!: () => void;
    const secondChunk = new Promise<void>((r) => {
      secondChunkSent = r;
    });
    const hold = `bytes ${chunk}-`;
    await page.route('**/api/Storage/**', async (route) => {
      const range = route.request().headers()['content-range'] ?? '';
      if (route.request().method() === 'PUT' && range.startsWith(hold)) {
        secondChunkSent();
        await released;
        await route.abort().catch(() => undefined);
        return;
      }
      await route.continue();
    });

    await uploadThroughNew(page, [big]);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await secondChunk;
    await expect(panel.getByText(/^Uploading \d+%$/)).toHaveText(
      `Uploading ${Math.floor((chunk / size) * 100)}%`,
    );
    // The resume metadata holds the first chunk's checksum.
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('roomscale.upload.'));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { checksums: string[] })
        : null;
    });
    expect(stored?.checksums).toHaveLength(1);
    await screenshot(page, 'files-upload-in-progress');

    // Leaving asks first ('Active uploads will be cancelled.'); the reload goes ahead.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    release();
    await page.unroute('**/api/Storage/**');
    await expect(page.getByRole('heading', { level: 1, name: 'Team files' })).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(page.getByText('- No Media -')).toBeVisible();
    expect(dialogs).toEqual(['beforeunload']);

    // The same file again: a status query, then chunks from the stored offset, never byte 0.
    // The third chunk is held until the upload is paused; Resume sends it again.
    const sent: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/Storage/') && r.method() === 'PUT') {
        sent.push(r.headers()['content-range'] ?? '');
      }
    };
    page.on('request', onRequest);
    let thirdSent!: () => void;
    const third = new Promise<void>((r) => {
      thirdSent = r;
    });
    let unhold!: () => void;
    const unheld = new Promise<void>((r) => {
      unhold = r;
    });
    let held = false;
    await page.route('**/api/Storage/**', async (route) => {
      const range = route.request().headers()['content-range'] ?? '';
      if (!held && route.request().method() === 'PUT' && range.startsWith(`bytes ${2 * chunk}-`)) {
        held = true;
        thirdSent();
        await unheld;
        await route.abort().catch(() => undefined);
        return;
      }
      await route.continue();
    });
    await uploadThroughNew(page, [big]);
    await third;
    const percent = `${Math.floor(((2 * chunk) / size) * 100)}%`;
    await expect(panel.getByText(/^Uploading \d+%$/)).toHaveText(`Uploading ${percent}`);
    await panel.getByRole('button', { name: `Pause upload of ${big.name}` }).click();
    await expect(panel.getByText(`Paused ${percent}`)).toBeVisible();
    await screenshot(page, 'files-upload-paused');
    unhold();
    await panel.getByRole('button', { name: `Resume upload of ${big.name}` }).click();
    await expect(toast(page, 'Upload completed', big.name)).toBeVisible({ timeout: 60_000 });
    await page.unroute('**/api/Storage/**');
    page.off('request', onRequest);
    // The file's own requests (the thumbnail is a separate, small upload).
    const ofFile = sent.filter((r) => r.endsWith(`/${size}`));
    expect(ofFile[0], 'status query first').toBe(`bytes */${size}`);
    const range = (from: number) => `bytes ${from}-${Math.min(from + chunk, size) - 1}/${size}`;
    expect(
      ofFile.filter((r) => !r.startsWith('bytes */')),
      'chunks after the reload: from the stored offset, the paused one twice',
    ).toEqual([range(chunk), range(2 * chunk), range(2 * chunk), range(3 * chunk)]);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('roomscale.upload.')),
      ),
      'metadata cleared on success',
    ).toEqual([]);

    const files = page.getByRole('region', { name: 'Files', exact: true });
    await expect(card(files, big.name)).toBeVisible();

    // Previewed at once: 'Processing video' while the media job reads it, then it plays.
    await cardAction(page, big.name, 'Preview');
    const lightbox = page.getByRole('dialog', { name: big.name });
    const player = lightbox.locator('video');
    await expect(lightbox.getByText('Processing video').or(player)).toBeVisible();
    if (await lightbox.getByText('Processing video').isVisible()) {
      await screenshot(page, 'files-lightbox-processing');
    }
    await expect
      .poll(() => player.evaluate((el: HTMLVideoElement) => el.readyState >= 2 && !el.paused), {
        timeout: 30_000,
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    // The stored file is the picked file, byte for byte.
    await expect
      .poll(async () => (await findItem(request, api, big.name))?.properties.TranscodingStatus, {
        timeout: 30_000,
      })
      .toBe(100);
    const item = await findItem(request, api, big.name);
    const info = await request.get(`/api/File/${item?.fileId}`, { headers: api.headers });
    expect(info.ok(), await info.text()).toBe(true);
    const { blobUri } = (await info.json()) as { blobUri: string };
    const stored2 = await request.get(blobUri);
    expect(stored2.ok()).toBe(true);
    expect((await stored2.body()).equals(big.bytes), 'stored upload is byte-identical').toBe(true);
  });
});
