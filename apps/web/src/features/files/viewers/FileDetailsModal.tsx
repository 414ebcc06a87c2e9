import { Modal, Stack, Table, Text } from '@mantine/core';
import { type FileItem, fileViewerTexts } from '@roomscale/shared';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../components/format.ts';
import {
  descriptionOf,
  durationOf,
  fileTypeLabel,
  formatChange,
  is360,
  scopeLabel,
} from './format.ts';

const d = fileViewerTexts.detail;

export type FileDetailsModalProps = {
  /** The file or folder shown; null keeps the modal closed. */
  file: FileItem | null;
  onClose: () => void;
};

/**
 * Media detail (part2 §2 File modals): type, location (scope and folder), created and edited
 * with who did it, size, duration, description and '360 mode: Yes' for a projected image or video.
 */
export function FileDetailsModal({ file, onClose }: FileDetailsModalProps) {
  return (
    <Modal
      opened={!!file}
      onClose={onClose}
      title={fileViewerTexts.detailsTitle}
      centered
      closeButtonProps={{ 'aria-label': fileViewerTexts.close }}
    >
      {file && <Details file={file} />}
    </Modal>
  );
}

export function detailRows(file: FileItem): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    [d.name, file.name],
    [d.type, fileTypeLabel(file.type)],
    [
      d.location,
      file.parentFileName
        ? `${scopeLabel(file.scope)} / ${file.parentFileName}`
        : scopeLabel(file.scope),
    ],
    [d.created, formatChange(file.created, file.createdByName)],
  ];
  const edited = formatChange(file.lastModified, file.lastModifiedByName);
  if (edited) rows.push([d.edited, edited]);
  if (file.type !== 'Folder' && file.contentLength !== null) {
    rows.push([d.size, formatBytes(file.contentLength)]);
  }
  const duration = durationOf(file.properties);
  if (duration) rows.push([d.duration, duration]);
  const description = descriptionOf(file.properties);
  if (description) rows.push([d.description, description]);
  if (is360(file.properties)) rows.push([d.mode360, d.yes]);
  return rows;
}

function Details({ file }: { file: FileItem }) {
  return (
    <Stack gap="xs">
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {detailRows(file).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={120} scope="row">
                {label}
              </Table.Th>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
