import type { Tutorial } from '@roomscale/shared';

/**
 * The bundled tutorials list (part2 §3 Tutorial), served when TUTORIALS_URL is not set.
 * Thumbnails and the sample clip are static files of the web build (apps/web/public/tutorials);
 * the other videos are knowledge-base articles, which the dashboard opens in a new tab.
 * Entries are deliberately not in order, and some are headset-only: clients filter to their
 * device type and sort by orderId, as they must for any content host.
 */
export function bundledTutorials(knowledgeBaseUrl: string | undefined): Tutorial[] {
  const kb = (slug: string) => `${knowledgeBaseUrl}/tutorials/${slug}`;
  const thumb = (name: string) => `/tutorials/${name}.svg`;
  const all: Tutorial[] = [
    {
      title: 'Meetings',
      orderId: 2,
      videos: [
        {
          title: 'Scheduling a meeting',
          v2Thumbnail: thumb('meetings-schedule'),
          video: kb('scheduling-a-meeting'),
          orderId: 1,
          deviceTypes: ['WEB'],
        },
        {
          title: 'Inviting guests to a meeting',
          v2Thumbnail: thumb('meetings-guests'),
          video: kb('inviting-guests'),
          orderId: 2,
          deviceTypes: ['WEB'],
        },
        {
          title: 'Joining a meeting in VR',
          v2Thumbnail: thumb('meetings-join-vr'),
          video: kb('joining-in-vr'),
          orderId: 3,
          deviceTypes: ['QUEST', 'PICO', 'WINDOWS'],
        },
      ],
    },
    {
      title: 'Getting started',
      orderId: 1,
      videos: [
        {
          title: 'Finding your way around the dashboard',
          v2Thumbnail: thumb('dashboard-tour'),
          video: kb('dashboard-tour'),
          orderId: 2,
          deviceTypes: ['WEB'],
        },
        {
          title: 'Welcome to Roomscale',
          v2Thumbnail: thumb('welcome'),
          video: '/tutorials/welcome.webm',
          orderId: 1,
          deviceTypes: ['WEB', 'QUEST', 'PICO', 'WINDOWS'],
        },
        {
          title: 'Setting up your headset',
          v2Thumbnail: thumb('headset-setup'),
          video: kb('headset-setup'),
          orderId: 3,
          deviceTypes: ['QUEST', 'PICO'],
        },
      ],
    },
    {
      title: 'Files',
      orderId: 3,
      videos: [
        {
          title: 'Using 3D models in your rooms',
          v2Thumbnail: thumb('files-3d'),
          video: kb('3d-models'),
          orderId: 2,
          deviceTypes: ['WEB', 'QUEST'],
        },
        {
          title: 'Uploading files for a meeting',
          v2Thumbnail: thumb('files-upload'),
          video: kb('uploading-files'),
          orderId: 1,
          deviceTypes: ['WEB'],
        },
      ],
    },
    {
      title: 'In virtual reality',
      orderId: 4,
      videos: [
        {
          title: 'Using the wrist menu',
          v2Thumbnail: thumb('vr-menu'),
          video: kb('wrist-menu'),
          orderId: 1,
          deviceTypes: ['QUEST', 'PICO', 'WINDOWS'],
        },
      ],
    },
  ];
  if (knowledgeBaseUrl) return all;
  // Without a knowledge base (SUPPORT_URL) its articles would lead nowhere: only what this
  // server holds itself is listed.
  return all
    .map((section) => ({
      ...section,
      videos: section.videos.filter((v) => v.video.startsWith('/')),
    }))
    .filter((section) => section.videos.length > 0);
}
