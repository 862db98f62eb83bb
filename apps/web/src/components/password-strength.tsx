import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordStrength } from '@tkc/contracts/forms';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';

/** Password strength meter: the five checks of docs/product.md#password-meter. */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const { checks, score } = passwordStrength(value);
  const color = score >= 100 ? 'teal' : score >= 60 ? 'yellow' : 'red';
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          {t('password.strength')}
        </Text>
        <Text size="xs" c={color} fw={600}>
          {score}%
        </Text>
      </Group>
      <Progress value={score} color={color} size="sm" aria-label={t('password.strength')} />
      <Stack gap={2} mt={6}>
        {checks.map((check) => (
          <Group key={check.id} gap={6} wrap="nowrap">
            {check.isPassed ? (
              <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
            ) : (
              <IconX size={14} color="var(--mantine-color-red-6)" aria-hidden />
            )}
            <Text size="xs" c={check.isPassed ? 'teal' : 'dimmed'}>
              {translateMessage(check.label)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
