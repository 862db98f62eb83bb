import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { recoveryCodeField } from '@tkc/contracts/api/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { useChangeMfa } from '../api/change-mfa';
import { errorText } from './error-text';

type ChangeMfaModalProps = {
  /** 'email': switch to e-mail codes; 'none': turn the authenticator off. */
  target: 'email' | 'none' | null;
  onClose: () => void;
  onChanged: (mfa: 'email' | null) => void;
};

/** An authenticator code, or a recovery code in either of its spellings. */
const isCodeShape = (code: string) =>
  /^\d{6}$/.test(code) || recoveryCodeField.safeParse(code).success;

/** Leaving the authenticator is confirmed with one of its codes or a recovery code. */
export function ChangeMfaModal({ target, onClose, onChanged }: ChangeMfaModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      centered
      title={target === 'none' ? t('change.offTitle') : t('change.emailTitle')}
    >
      {target && <ChangeForm target={target} onClose={onClose} onChanged={onChanged} />}
    </Modal>
  );
}

function ChangeForm({
  target,
  onClose,
  onChanged,
}: {
  target: 'email' | 'none';
  onClose: () => void;
  onChanged: (mfa: 'email' | null) => void;
}) {
  const { t } = useTranslation('account');
  const change = useChangeMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isTouched, setTouched] = useState(false);
  const trimmed = code.trim();

  const submit = async () => {
    if (!isCodeShape(trimmed)) return;
    setError(null);
    try {
      const answer = await change.mutateAsync({ mode: target, code: trimmed });
      onChanged(answer.mfa === 'email' ? 'email' : null);
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{target === 'none' ? t('change.offBody') : t('change.emailBody')}</Text>
        {error && <AlertBanner kind="danger">{error}</AlertBanner>}
        <TextInput
          label={t('change.codeLabel')}
          description={t('change.codeHint')}
          placeholder="123456 / xxxxx-xxxxx"
          autoComplete="one-time-code"
          data-autofocus
          withAsterisk
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={isTouched && trimmed && !isCodeShape(trimmed) ? t('change.codeShape') : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={target === 'none' ? 'red' : undefined}
            loading={change.isPending}
            disabled={!isCodeShape(trimmed) || change.isPending}
          >
            {target === 'none' ? t('change.offConfirm') : t('change.emailConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
