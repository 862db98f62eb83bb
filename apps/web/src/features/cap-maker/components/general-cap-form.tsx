import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import type { CreateCapBody } from '@tkc/contracts/api/cap';
import { textBounds } from '@tkc/contracts/forms';
import { useRef, useState } from 'react';
import { CompanySelect } from '@/components/company-select';
import { SendingProgress } from '@/components/transfer-progress';
import { hashFile } from '@/lib/hash-file';
import { toast } from '@/lib/notify';
import { useTransferMeter } from '@/lib/transfer-meter';
import { uploadFile } from '@/lib/upload-file';
import { serverErrorOf } from '@/lib/use-management-form';
import { useCreateCap } from '../api/create-cap';
import { downloadCap } from '../api/download-cap';
import { waitUntilBuilt } from '../api/get-cap';
import { useCapForm } from '../hooks/use-cap-form';
import {
  emptyHeader,
  type GeneralValues,
  generalCapBody,
  generalProblems,
} from '../utils/cap-form-rules';
import { checkFolder } from '../utils/folder-check';
import { appFilesOf, type ChosenFolder, folderEntries, totalBytes } from '../utils/read-folder';
import { folderProblemText, useCapText } from './cap-maker-text';
import { failureText } from './failure-text';
import { FolderField } from './folder-field';
import { HeaderFields } from './header-fields';
import { type CapModel, ModelSelect } from './model-select';

// Make a General CAP (docs/cap-maker.md#web): the folder is checked here by the folder rules
// first; then each file is hashed (Worker) and uploaded (tus, kind 'cap-source') side by side,
// the CAP is requested, built by the server and downloaded. Cancel stops the transfer.

type Phase = 'idle' | 'uploading' | 'requesting' | 'building';

const initialValues: GeneralValues = {
  ...emptyHeader,
  model_id: '',
  app_type: 'bin',
  app_file: '',
  app_name: '',
};

export function GeneralCapForm({ canChooseCompany }: { canChooseCompany: boolean }) {
  const { text } = useCapText();
  const create = useCreateCap();
  const [model, setModel] = useState<CapModel | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [folder, setFolder] = useState<ChosenFolder | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const [appFileError, setAppFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const form = useCapForm(initialValues, (v) => generalProblems(v, model?.app_name_max ?? null));
  const hashing = useTransferMeter();
  const uploading = useTransferMeter();
  const stop = useRef<AbortController | null>(null);
  const { values } = form;
  const isBusy = phase !== 'idle';
  const appFiles = appFilesOf(folder, values.app_type);
  const rateText = (v: { percent: number; rate: string }) => text('progress.rate', v);

  /** The application file follows the folder and the type: kept if still there, else the first. */
  const pickAppFile = (next: ChosenFolder | null, appType: GeneralValues['app_type']) => {
    const files = appFilesOf(next, appType);
    form.set('app_file', files.includes(values.app_file) ? values.app_file : (files[0] ?? ''));
    setAppFileError(null);
  };

  const choose = (next: ChosenFolder) => {
    setFolder(next);
    setFolderError(null);
    form.clearServer();
    pickAppFile(next, values.app_type);
  };

  /** The folder rules on the chosen folder; shows the first problem at its field. */
  const folderIsFine = async (): Promise<boolean> => {
    setFolderError(null);
    setAppFileError(null);
    const found = checkFolder(folder ? await folderEntries(folder) : [], {
      appType: values.app_type,
      appFile: values.app_file,
      capVersion: values.cap_version,
    });
    if (!found) return true;
    const message = found.file
      ? text('folder.problemWithFile', { message: folderProblemText(found), file: found.file })
      : folderProblemText(found);
    if (found.field === 'app_file') setAppFileError(message);
    else setFolderError(message);
    return false;
  };

  /** Hashes and uploads every file, one after the other; both bars count the whole folder. */
  const send = async (chosen: ChosenFolder, signal: AbortSignal) => {
    const total = totalBytes(chosen);
    hashing.start(total);
    uploading.start(total);
    const files: CreateCapBody['files'] = [];
    let doneBytes = 0;
    for (const { path, file } of chosen.files) {
      const base = doneBytes;
      const hash = hashFile(file, (bytes) => hashing.update(base + bytes));
      const upload = uploadFile(file, 'cap-source', (bytes) => uploading.update(base + bytes));
      const abort = () => {
        hash.cancel();
        void upload.cancel();
      };
      signal.addEventListener('abort', abort);
      try {
        const [sha256, uploadId] = await Promise.all([hash.done, upload.done]);
        files.push({ upload_id: uploadId, name: path, sha256, size: file.size });
      } catch (error) {
        abort();
        throw error;
      } finally {
        signal.removeEventListener('abort', abort);
      }
      doneBytes += file.size;
    }
    return files;
  };

  const submit = async () => {
    const isValid = form.check();
    const isFolderFine = await folderIsFine();
    if (!isValid || !isFolderFine || !folder) return;
    const controller = new AbortController();
    stop.current = controller;
    setPhase('uploading');
    try {
      const files = await send(folder, controller.signal);
      setPhase('requesting');
      const body = generalCapBody(values, companyId, files);
      const created = await create.mutateAsync(body);
      setPhase('building');
      const built = await waitUntilBuilt(created.id, { signal: controller.signal });
      if (built.status === 'failed') {
        form.showAt(null, built.failure ? failureText(built.failure) : text('status.failed'));
        return;
      }
      await downloadCap({ id: built.id, fallbackName: built.file_name });
      toast(text('general.made', { name: built.file_name }), 'success');
      setFolder(null);
      form.reset({ ...values, app_file: '' });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A folder refusal of the server shows where the browser's own would.
      const found = serverErrorOf(error, ['folder', 'app_file']);
      if (found?.field === 'folder') setFolderError(found.text);
      else if (found?.field === 'app_file') setAppFileError(found.text);
      else form.showError(error, Object.keys(values));
    } finally {
      stop.current = null;
      setPhase('idle');
      hashing.reset();
      uploading.reset();
    }
  };

  const cancel = () => {
    stop.current?.abort();
    form.showAt(null, text('folder.aborted'));
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cap-general-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="cap-general-title" component="h2">
              {text('general.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('general.intro')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {canChooseCompany && (
              <CompanySelect
                label={text('fields.company_id')}
                description={text('hints.companyId')}
                placeholder={text('form.ownCompany')}
                value={companyId}
                onChange={(id) => setCompanyId(id)}
                disabled={isBusy}
              />
            )}
            <ModelSelect
              id="cap-general-model"
              value={values.model_id}
              onChange={(id, chosen) => {
                form.set('model_id', id);
                setModel(chosen);
              }}
              onBlur={() => form.touch('model_id')}
              error={form.errorOf('model_id')}
              disabled={isBusy}
              description={
                model ? text('hints.appNameOfModel', { max: model.app_name_max }) : undefined
              }
            />
          </SimpleGrid>
          <FolderField
            folder={folder}
            error={folderError}
            disabled={isBusy}
            onChoose={choose}
            onFailure={(failure) =>
              setFolderError(failure === 'aborted' ? text('folder.aborted') : text('folder.retry'))
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Radio.Group
              label={text('fields.app_type')}
              value={values.app_type}
              onChange={(value) => {
                const appType = value as GeneralValues['app_type'];
                form.set('app_type', appType);
                pickAppFile(folder, appType);
              }}
              withAsterisk
            >
              <Group gap="lg" mt={6}>
                <Radio value="bin" label={text('appTypes.bin')} disabled={isBusy} />
                <Radio value="apk" label={text('appTypes.apk')} disabled={isBusy} />
              </Group>
            </Radio.Group>
            <Select
              id="cap-general-app-file"
              label={text('fields.app_file')}
              placeholder={folder ? text('form.appFileNone') : text('form.appFileFirst')}
              data={appFiles}
              value={values.app_file || null}
              onChange={(file) => {
                form.set('app_file', file ?? '');
                setAppFileError(null);
              }}
              error={appFileError}
              disabled={isBusy || appFiles.length === 0}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              id="cap-general-app-name"
              label={text('fields.app_name')}
              description={text('hints.upTo', {
                max: model?.app_name_max ?? textBounds.appNameNewer[1],
              })}
              value={values.app_name}
              onChange={(event) => form.set('app_name', event.currentTarget.value)}
              onBlur={() => form.touch('app_name')}
              error={form.errorOf('app_name')}
              maxLength={textBounds.appNameNewer[1]}
              disabled={isBusy}
              withAsterisk
            />
          </SimpleGrid>
          <HeaderFields
            idPrefix="cap-general"
            values={values}
            onChange={form.patch}
            onBlur={form.touch}
            errorOf={form.errorOf}
            disabled={isBusy}
          />
          {isBusy && (
            <SendingProgress
              labels={{ hashing: text('progress.hashing'), uploading: text('progress.uploading') }}
              hashing={hashing.state}
              uploading={uploading.state}
              rateText={rateText}
              status={
                phase === 'requesting'
                  ? text('progress.checking')
                  : phase === 'building'
                    ? text('progress.building')
                    : undefined
              }
            />
          )}
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {isBusy && (
              <Button variant="default" onClick={cancel}>
                {text('form.cancel')}
              </Button>
            )}
            <Button type="submit" loading={isBusy} leftSection={<IconFileZip size={16} />}>
              {text('general.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
