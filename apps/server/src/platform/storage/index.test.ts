import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { systemClock } from '../../context.ts';
import { GcsStorage } from './gcs-storage.ts';
import { createStorage } from './index.ts';
import { LocalStorage } from './local/local-storage.ts';

const base = { JWT_SECRET: 'k'.repeat(40), DATA_DIR: '/tmp/rs-storage-config' };

describe('storage configuration', () => {
  it('uses the local disk under DATA_DIR/files by default', async () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ driver: 'local', dir: '/tmp/rs-storage-config/files' });
    const storage = createStorage(config, systemClock);
    expect(storage).toBeInstanceOf(LocalStorage);
    await storage.close();
  });

  it('uses a GCS bucket when asked, and needs its name', () => {
    const config = loadConfig({ ...base, STORAGE_DRIVER: 'gcs', GCS_BUCKET: 'rs-files' });
    expect(config.storage).toEqual({ driver: 'gcs', bucket: 'rs-files', projectId: undefined });
    expect(createStorage(config, systemClock)).toBeInstanceOf(GcsStorage);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'gcs' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'gcs', GCS_BUCKET: 'Bad Bucket' })).toThrow(
      /GCS_BUCKET/,
    );
  });
});
