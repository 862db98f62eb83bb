import { Button, Group, Input, List, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { CAP_FOLDER_EXTENSIONS } from '@tkc/contracts/api/cap';
import { useId, useRef } from 'react';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatBytes } from '@/lib/transfer-meter';
import {
  type ChosenFolder,
  folderOfFileList,
  hasDirectoryPicker,
  type OpenFailure,
  openFailureOf,
  pickDirectory,
  readDirectory,
  totalBytes,
} from '../utils/read-folder';
import { useCapText } from './cap-maker-text';

// The folder of a General CAP (docs/cap-maker.md#folder-rules): the File System Access picker
// where the browser has one, else the directory input, which stays in the page (hidden) for
// browsers without the picker. Its problems show under it.

const SHOWN_FILES = 8;

export function FolderField({
  folder,
  error,
  disabled,
  onChoose,
  onFailure,
}: {
  folder: ChosenFolder | null;
  error: string | null;
  disabled: boolean;
  onChoose: (folder: ChosenFolder) => void;
  onFailure: (failure: OpenFailure) => void;
}) {
  const { text } = useCapText();
  const locale = languageLocales[currentLanguage()];
  const input = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const errorId = `${id}-error`;

  const open = async () => {
    if (!hasDirectoryPicker()) {
      input.current?.click();
      return;
    }
    try {
      onChoose(await readDirectory(await pickDirectory()));
    } catch (failure) {
      onFailure(openFailureOf(failure));
    }
  };

  return (
    <Input.Wrapper
      label={text('fields.folder')}
      description={text('hints.folder', { kinds: CAP_FOLDER_EXTENSIONS.join(' ') })}
      withAsterisk
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFolderOpen size={16} />}
            onClick={() => void open()}
            disabled={disabled}
            aria-describedby={error ? errorId : undefined}
          >
            {folder ? text('folder.change') : text('folder.choose')}
          </Button>
          {folder && (
            <Text size="sm" aria-live="polite">
              {text('folder.chosen', {
                name: folder.name || text('folder.unnamed'),
                n: folder.files.length,
                size: formatBytes(totalBytes(folder), locale),
              })}
            </Text>
          )}
        </Group>
        <VisuallyHidden>
          <input
            ref={(node) => {
              input.current = node;
              // React has no prop for it: the input chooses a folder, not files.
              if (node) node.webkitdirectory = true;
            }}
            type="file"
            multiple
            tabIndex={-1}
            aria-label={text('folder.input')}
            disabled={disabled}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              onChoose(folderOfFileList(files));
            }}
          />
        </VisuallyHidden>
        {folder && folder.files.length > 0 && (
          <Paper withBorder radius="sm" p="xs">
            <List size="sm" spacing={2} aria-label={text('folder.files')}>
              {folder.files.slice(0, SHOWN_FILES).map((f) => (
                <List.Item key={f.path}>
                  <Text span size="sm" ff="monospace">
                    {f.path}
                  </Text>{' '}
                  <Text span size="xs" c="dimmed">
                    {formatBytes(f.file.size, locale)}
                  </Text>
                </List.Item>
              ))}
            </List>
            {folder.files.length > SHOWN_FILES && (
              <Text size="xs" c="dimmed" mt={4}>
                {text('folder.more', { n: folder.files.length - SHOWN_FILES })}
              </Text>
            )}
          </Paper>
        )}
        {error && (
          <Text size="sm" c="red" role="alert" id={errorId}>
            {error}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
