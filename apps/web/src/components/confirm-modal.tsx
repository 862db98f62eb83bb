import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmModalProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  isDanger?: boolean;
  onClose: () => void;
  /** Runs on confirm; the modal closes when it resolves (its errors are the caller's to show). */
  onConfirm: () => Promise<unknown>;
};

/** A yes/no question before an action (disable, withdraw, delete). */
export function ConfirmModal({
  isOpen,
  title,
  children,
  confirmLabel,
  isDanger = false,
  onClose,
  onConfirm,
}: ConfirmModalProps) {
  const { t } = useTranslation('management');
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has shown the error; the question stays open for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={isOpen} onClose={onClose} title={title} centered radius="md">
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button
            color={isDanger ? 'red' : undefined}
            loading={isBusy}
            onClick={() => void confirm()}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
