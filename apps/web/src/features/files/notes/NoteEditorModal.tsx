import {
  Alert,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  type FileItem,
  type FileScope,
  fileViewerTexts,
  NoteColors,
  noteColorNames,
  noteLimits,
} from '@roomscale/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { showError } from '../../../components/dialogs.tsx';
import { fileKeys } from '../api.ts';
import classes from './NoteEditor.module.css';
import { fetchNote, saveErrorText, saveNote } from './noteApi.ts';
import { noteBox } from './noteCanvas.ts';
import {
  acceptsNoteText,
  blocksKey,
  canConfirmNote,
  countChars,
  defaultNoteColor,
  type NoteContent,
  pasteInto,
} from './noteRules.ts';

const t = fileViewerTexts.note;

export type NoteEditorModalProps = {
  opened: boolean;
  onClose: () => void;
  teamId: string;
  /** Where a new note goes; an edited note keeps its own place. */
  scope: FileScope;
  parentFileId?: string | null;
  /** The note to edit; without it a new note is created. */
  file?: FileItem | null;
  onSaved?: (file: FileItem) => void;
};

/** The note editor (part2 §4 Notes, §5 Notes): create or edit a note. */
export function NoteEditorModal(props: NoteEditorModalProps) {
  const { opened, onClose, file } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={file ? t.editTitle : t.createTitle}
      centered
      closeButtonProps={{ 'aria-label': fileViewerTexts.close }}
    >
      {opened && <NoteLoader key={file?.fileId ?? 'new'} {...props} />}
    </Modal>
  );
}

function NoteLoader(props: NoteEditorModalProps) {
  const { file } = props;
  const existing = useQuery({
    queryKey: ['noteContent', file?.fileId, file?.lastModified],
    queryFn: ({ signal }) => fetchNote(file?.fileId ?? '', signal),
    enabled: !!file,
    gcTime: 0,
    staleTime: 0,
  });
  if (!file)
    return <NoteForm {...props} initial={{ text: '', backgroundColor: defaultNoteColor }} />;
  if (existing.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t.createTitle} />
      </Group>
    );
  }
  if (existing.isError) {
    return (
      <Stack>
        <Alert color="red">{t.loadFailed}</Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <NoteForm {...props} initial={existing.data} />;
}

/**
 * The text's rendered height and line height. The box is collapsed for the reading, since a
 * textarea's scrollHeight is never less than its own height. Where layout is not computed
 * (tests) the height comes out 0 and only the character and line-break limits apply.
 */
function measure(el: HTMLTextAreaElement) {
  const cs = getComputedStyle(el);
  const padding =
    (Number.parseFloat(cs.paddingTop) || 0) + (Number.parseFloat(cs.paddingBottom) || 0);
  const lineHeight = Number.parseFloat(cs.lineHeight) || noteBox.fontSize * noteBox.lineHeight;
  const height = el.style.height;
  el.style.height = '0px';
  const content = el.scrollHeight - padding;
  el.style.height = height;
  return { height: content, lineHeight };
}

function NoteForm({
  initial,
  teamId,
  scope,
  parentFileId,
  file,
  onClose,
  onSaved,
}: NoteEditorModalProps & { initial: NoteContent }) {
  const [text, setText] = useState(initial.text);
  const [color, setColor] = useState(initial.backgroundColor);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const caret = useRef<number | null>(null);
  const queryClient = useQueryClient();
  const colorGroup = useId();

  useLayoutEffect(() => {
    const el = textRef.current;
    if (el && caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const save = useMutation({
    mutationFn: () => {
      const box = boxRef.current;
      const width = box?.offsetWidth || noteBox.size;
      const height = box?.offsetHeight || noteBox.size;
      return saveNote({
        teamId,
        note: { text, backgroundColor: color },
        size: { width, height },
        file,
        scope,
        parentFileId,
      });
    },
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all(teamId) }),
        queryClient.invalidateQueries({ queryKey: fileKeys.recentAll(teamId) }),
      ]);
      onSaved?.(saved);
      onClose();
    },
    onError: (e) => {
      showError(saveErrorText(e));
    },
  });

  /** Takes `next` if it fits the note; otherwise the previous content stays. */
  const offer = (next: string, el: HTMLTextAreaElement, caretAt?: number) => {
    el.value = next;
    if (acceptsNoteText(next, measure(el))) {
      if (caretAt !== undefined) caret.current = caretAt;
      setText(next);
      return;
    }
    el.value = text;
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const pasted = e.clipboardData.getData('text/plain');
    const r = pasteInto(text, el.selectionStart, el.selectionEnd, pasted);
    offer(r.text, el, r.caret);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    if (blocksKey(e, text, el.selectionStart !== el.selectionEnd)) e.preventDefault();
  };

  const valid = acceptsNoteText(text);
  const canSave = canConfirmNote({ valid, saving: save.isPending, text, color, initial });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) save.mutate();
  };

  return (
    <form onSubmit={submit}>
      <Stack align="center">
        <div ref={boxRef} className={classes.note} style={{ backgroundColor: color }}>
          <textarea
            ref={textRef}
            className={classes.text}
            aria-label={t.placeholder}
            placeholder={t.placeholder}
            value={text}
            onChange={(e) => offer(e.currentTarget.value, e.currentTarget)}
            onPaste={onPaste}
            onKeyDown={onKeyDown}
            data-autofocus
          />
        </div>
        <Text size="xs" c="dimmed" aria-live="polite">
          {t.counter(countChars(text), noteLimits.maxChars)}
        </Text>
        <fieldset className={classes.swatches}>
          <VisuallyHidden component="legend">{t.colour}</VisuallyHidden>
          {NoteColors.map((c) => (
            <label key={c}>
              <input
                type="radio"
                name={colorGroup}
                value={c}
                checked={color === c}
                onChange={() => setColor(c)}
                className={classes.radio}
                aria-label={noteColorNames[c]}
              />
              <ColorSwatch
                component="span"
                color={c}
                size={32}
                className={classes.swatch}
                aria-hidden
              >
                {color === c && <CheckIcon size={12} color="#1a1b1e" />}
              </ColorSwatch>
            </label>
          ))}
        </fieldset>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!canSave} loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
