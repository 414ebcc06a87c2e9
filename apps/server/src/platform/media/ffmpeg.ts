import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type ProbeResult = {
  /** Seconds. */
  duration: number;
  /** ffprobe's container name(s), e.g. `avi`, `matroska,webm`, `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
};

/** Debian's ffmpeg tools, when installed; media processing depends on them. */
export type MediaTools = {
  /** Whether ffprobe runs. */
  available(): Promise<boolean>;
  /** Whether ffmpeg runs (transcoding). */
  canTranscode(): Promise<boolean>;
  /**
   * Duration and container of a media file; throws when it cannot be read. An abort of `signal`
   * kills ffprobe and throws.
   */
  probe(path: string, signal?: AbortSignal): Promise<ProbeResult>;
  /**
   * Transcodes to H.264/AAC MP4 that browsers play, written to `output`; throws on failure. An
   * abort of `signal` kills ffmpeg at once and throws; what it wrote of `output` is unusable.
   */
  toMp4(input: string, output: string, signal?: AbortSignal): Promise<void>;
};

/** Longest a transcode may take; the job's lock is renewed while it runs. */
const transcodeTimeoutMs = 3 * 3600_000;

const runs = (bin: string) =>
  run(bin, ['-version']).then(
    () => true,
    () => false,
  );

export function ffmpegTools(ffprobe = 'ffprobe', ffmpeg = 'ffmpeg'): MediaTools {
  let probeFound: Promise<boolean> | null = null;
  let ffmpegFound: Promise<boolean> | null = null;
  return {
    available() {
      probeFound ??= runs(ffprobe);
      return probeFound;
    },
    canTranscode() {
      ffmpegFound ??= runs(ffmpeg);
      return ffmpegFound;
    },
    async probe(path: string, signal?: AbortSignal) {
      const { stdout } = await run(
        ffprobe,
        ['-v', 'error', '-show_entries', 'format=duration,format_name', '-of', 'json', path],
        { timeout: 60_000, killSignal: 'SIGKILL', ...(signal ? { signal } : {}) },
      );
      const format =
        (JSON.parse(stdout) as { format?: { duration?: string; format_name?: string } }).format ??
        {};
      const seconds = Number(format.duration);
      if (!Number.isFinite(seconds)) throw new Error('The media has no duration');
      return { duration: seconds, formatName: format.format_name ?? '' };
    },
    async toMp4(input: string, output: string, signal?: AbortSignal) {
      await run(
        ffmpeg,
        [
          ['-v', 'error', '-nostdin', '-y', '-i', input],
          // First video stream, first audio stream when there is one.
          ['-map', '0:v:0', '-map', '0:a:0?'],
          ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'],
          // 4:2:0 with even dimensions: what every browser's H.264 decoder accepts.
          ['-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
          ['-c:a', 'aac', '-movflags', '+faststart', '-f', 'mp4', output],
        ].flat(),
        // Killed outright on abort or timeout: the partial output is thrown away, never resumed.
        {
          timeout: transcodeTimeoutMs,
          maxBuffer: 1024 * 1024,
          killSignal: 'SIGKILL',
          ...(signal ? { signal } : {}),
        },
      );
    },
  };
}
