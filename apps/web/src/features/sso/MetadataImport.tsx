import {
  Button,
  FileInput,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type SamlMetadataImport,
  type SamlMetadataValues,
  security,
  ssoMessages,
  ssoTexts,
} from '@roomscale/shared';
import { useState } from 'react';
import { fieldErrors, serverMessage } from '../../api/errors.ts';
import { useImportMetadata } from './api.ts';
import classes from './SamlConfig.module.css';

const t = ssoTexts.tab;

type Source = 'paste' | 'file' | 'url';

/**
 * 'Import metadata' (docs/sso.md): the identity provider's federation metadata — pasted, a file,
 * or an address the server fetches once — read by the server into the entity ID, login URL and
 * certificate, which `onImported` puts into the form below for the admin to review and save.
 * Nothing is saved here. A refusal shows under the field it is about.
 */
export function MetadataImport({
  teamId,
  onImported,
}: {
  teamId: string;
  onImported: (values: SamlMetadataValues) => void;
}) {
  const importing = useImportMetadata(teamId);
  const [source, setSource] = useState<Source>('paste');
  const [xml, setXml] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const ready =
    source === 'paste' ? xml.trim() !== '' : source === 'file' ? file !== null : url.trim() !== '';

  const run = async () => {
    setError(null);
    let body: SamlMetadataImport;
    if (source === 'url') {
      body = { url: url.trim() };
    } else if (source === 'file') {
      if (!file) return;
      if (file.size > security.samlMetadata.maxBytes) {
        setError(ssoMessages.metadataTooLarge);
        return;
      }
      body = { xml: await file.text() };
    } else {
      body = { xml };
    }
    try {
      onImported(await importing.mutateAsync(body));
    } catch (e) {
      const fields = fieldErrors(e);
      setError(t.importFailed(fields.xml ?? fields.url ?? serverMessage(e)));
    }
  };

  const sourceError = error ?? undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="sso-import-title">
      <Title order={3} size="h5" id="sso-import-title">
        {t.importHeading}
      </Title>
      <Text size="sm" c="dimmed">
        {t.importIntro}
      </Text>
      <SegmentedControl
        value={source}
        onChange={(v) => {
          setSource(v as Source);
          setError(null);
        }}
        data={[
          { value: 'paste', label: t.importSources.paste },
          { value: 'file', label: t.importSources.file },
          { value: 'url', label: t.importSources.url },
        ]}
        aria-label={t.importHeading}
        w="fit-content"
      />
      {source === 'paste' && (
        <Textarea
          label={t.importXml}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          classNames={{ input: classes.value }}
          value={xml}
          onChange={(e) => setXml(e.currentTarget.value)}
          error={sourceError}
        />
      )}
      {source === 'file' && (
        <FileInput
          label={t.importFile}
          placeholder={t.importFilePlaceholder}
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          clearable
          clearButtonProps={{ 'aria-label': t.importFileClear }}
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          error={sourceError}
        />
      )}
      {source === 'url' && (
        <TextInput
          label={t.importUrl}
          description={t.importUrlHint}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={sourceError}
        />
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          disabled={!ready || importing.isPending}
          loading={importing.isPending}
          onClick={() => void run()}
        >
          {t.importButton}
        </Button>
      </Group>
    </Stack>
  );
}
