import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { errorText } from '@tkc/contracts/api/error-codes';
import { type CompanyKeyRow, SIGNING_KEY_ALGORITHMS } from '@tkc/contracts/api/signer';
import { base64Length, FILE_LIMITS } from '@tkc/contracts/api/uploads';
import { useState } from 'react';
import { localizeApiErrorText } from '@/lib/api-errors';
import { runAction } from '@/lib/run-action';
import { serverErrorOf } from '@/lib/use-management-form';
import { useGenerateSigningKey } from '../api/generate-signing-key';
import { useImportSigningKey } from '../api/import-signing-key';
import { useSignerText } from './signer-text';

// A company's APK signing key: made here (RSA 3072 or ECDSA P-256, self-signed) or imported
// (PKCS#12 file with its password, or PEM key and certificate). Replacing a key needs a tick.

type Mode = 'generate' | 'import';
type Format = 'pkcs12' | 'pem';

/** The server's 413 for a key file over FILE_LIMITS.keyFileBytes, said before reading the file. */
const keyFileTooLarge = () => {
  const error = {
    code: 'signer.key_file_too_large',
    params: { kb: FILE_LIMITS.keyFileBytes / 1000 },
  } as const;
  return localizeApiErrorText(error, errorText(error.code, error.params)) ?? '';
};
const MAX_PEM_CHARS = base64Length(FILE_LIMITS.keyFileBytes);

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

export function KeyFormModal({
  company,
  onClose,
}: {
  company: CompanyKeyRow | null;
  onClose: () => void;
}) {
  const { text } = useSignerText();
  const generate = useGenerateSigningKey();
  const importKey = useImportSigningKey();
  const [mode, setMode] = useState<Mode>('generate');
  const [algorithm, setAlgorithm] = useState<(typeof SIGNING_KEY_ALGORITHMS)[number]>('rsa-3072');
  const [commonName, setCommonName] = useState('');
  const [organization, setOrganization] = useState('');
  const [years, setYears] = useState<number | string>(25);
  const [format, setFormat] = useState<Format>('pkcs12');
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [privateKey, setPrivateKey] = useState('');
  const [certificate, setCertificate] = useState('');
  const [password, setPassword] = useState('');
  const [isReplacing, setReplacing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isBusy = generate.isPending || importKey.isPending;
  const hasKey = company?.key != null;

  const close = () => {
    setErrors({});
    setFormError(null);
    setKeyFile(null);
    setPassword('');
    setPrivateKey('');
    setCertificate('');
    setReplacing(false);
    onClose();
  };

  const send = async () => {
    if (!company) return;
    const missing: Record<string, string> = {};
    if (mode === 'generate' && !commonName.trim()) missing.common_name = text('keys.form.required');
    if (mode === 'import' && format === 'pkcs12' && !keyFile)
      missing.key_file = text('keys.form.required');
    if (mode === 'import' && format === 'pem' && !privateKey.trim())
      missing.private_key = text('keys.form.required');
    if (mode === 'import' && format === 'pem' && !certificate.trim())
      missing.certificate = text('keys.form.required');
    if (
      mode === 'import' &&
      format === 'pkcs12' &&
      keyFile &&
      keyFile.size > FILE_LIMITS.keyFileBytes
    )
      missing.key_file = keyFileTooLarge();
    if (mode === 'import' && format === 'pem' && privateKey.length > MAX_PEM_CHARS)
      missing.private_key = keyFileTooLarge();
    if (mode === 'import' && format === 'pem' && certificate.length > MAX_PEM_CHARS)
      missing.certificate = keyFileTooLarge();
    if (hasKey && !isReplacing) missing.replace = text('keys.form.replaceRequired');
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    const replace = isReplacing;
    try {
      if (mode === 'generate') {
        await runAction(text('actions.createKey'), () =>
          generate.mutateAsync({
            companyId: company.company_id,
            body: {
              algorithm,
              common_name: commonName.trim(),
              ...(organization.trim() ? { organization: organization.trim() } : {}),
              validity_years: Number(years) || 25,
              replace,
            },
          }),
        );
      } else {
        const body =
          format === 'pkcs12'
            ? { format, pkcs12: await base64Of(keyFile!), password, replace }
            : { format, private_key: privateKey, certificate, password, replace };
        await runAction(text('actions.importKey'), () =>
          importKey.mutateAsync({ companyId: company.company_id, body }),
        );
      }
      close();
    } catch (error) {
      const found = serverErrorOf(error, ['password', 'replace', 'common_name', 'organization']);
      if (found?.field) setErrors({ [found.field]: found.text });
      else if (found) setFormError(found.text);
    }
  };

  return (
    <Modal
      opened={company !== null}
      onClose={close}
      title={company ? text('keys.form.title', { company: company.company_code }) : ''}
      size="lg"
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': text('detail.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label={text('keys.form.mode')}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'generate', label: text('keys.form.generate') },
              { value: 'import', label: text('keys.form.import') },
            ]}
          />
          {mode === 'generate' ? (
            <>
              <Select
                label={text('keys.form.algorithm')}
                data={SIGNING_KEY_ALGORITHMS.map((a) => ({
                  value: a,
                  label: text(`keys.algorithms.${a}`),
                }))}
                value={algorithm}
                onChange={(value) => value && setAlgorithm(value as typeof algorithm)}
                allowDeselect={false}
              />
              <TextInput
                label={text('keys.form.commonName')}
                value={commonName}
                onChange={(e) => setCommonName(e.currentTarget.value)}
                error={errors.common_name}
                maxLength={64}
                required
              />
              <TextInput
                label={text('keys.form.organization')}
                value={organization}
                onChange={(e) => setOrganization(e.currentTarget.value)}
                error={errors.organization}
                maxLength={64}
              />
              <NumberInput
                label={text('keys.form.years')}
                value={years}
                onChange={setYears}
                min={1}
                max={50}
                allowDecimal={false}
              />
            </>
          ) : (
            <>
              <SegmentedControl
                aria-label={text('keys.form.format')}
                value={format}
                onChange={(value) => setFormat(value as Format)}
                data={[
                  { value: 'pkcs12', label: text('keys.form.pkcs12') },
                  { value: 'pem', label: text('keys.form.pem') },
                ]}
              />
              {format === 'pkcs12' ? (
                <FileInput
                  label={text('keys.form.keyFile')}
                  value={keyFile}
                  onChange={setKeyFile}
                  accept=".p12,.pfx,application/x-pkcs12"
                  error={errors.key_file}
                  clearable
                  required
                />
              ) : (
                <>
                  <Textarea
                    label={text('keys.form.privateKey')}
                    value={privateKey}
                    onChange={(e) => setPrivateKey(e.currentTarget.value)}
                    error={errors.private_key}
                    placeholder="-----BEGIN PRIVATE KEY-----"
                    autosize
                    minRows={3}
                    maxRows={8}
                    ff="monospace"
                    required
                  />
                  <Textarea
                    label={text('keys.form.certificate')}
                    value={certificate}
                    onChange={(e) => setCertificate(e.currentTarget.value)}
                    error={errors.certificate}
                    placeholder="-----BEGIN CERTIFICATE-----"
                    autosize
                    minRows={3}
                    maxRows={8}
                    ff="monospace"
                    required
                  />
                </>
              )}
              <PasswordInput
                label={text('keys.form.password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                autoComplete="off"
              />
            </>
          )}
          {hasKey && (
            <Checkbox
              label={text('keys.form.replace', { subject: company?.key?.subject ?? '' })}
              checked={isReplacing}
              onChange={(e) => setReplacing(e.currentTarget.checked)}
              error={errors.replace}
            />
          )}
          <Text size="xs" c="dimmed">
            {text('keys.form.sealed')}
          </Text>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isBusy}>
              {text('keys.form.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {mode === 'generate'
                ? text('keys.form.submitGenerate')
                : text('keys.form.submitImport')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
