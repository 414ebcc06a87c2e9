import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's ffmpeg tools, when installed; media processing depends on them. */
export type MediaTools = {
  available(): Promise<boolean>;
  /** The duration in seconds of a media file; throws when it cannot be read. */
  duration(path: string): Promise<number>;
};

export function ffmpegTools(ffprobe = 'ffprobe'): MediaTools {
  let found: Promise<boolean> | null = null;
  return {
    available() {
      found ??= run(ffprobe, ['-version']).then(
        () => true,
        () => false,
      );
      return found;
    },
    async duration(path: string) {
      const { stdout } = await run(
        ffprobe,
        ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', path],
        { timeout: 60_000 },
      );
      const seconds = Number(
        (JSON.parse(stdout) as { format?: { duration?: string } }).format?.duration,
      );
      if (!Number.isFinite(seconds)) throw new Error('The media has no duration');
      return seconds;
    },
  };
}
