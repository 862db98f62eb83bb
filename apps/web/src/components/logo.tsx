import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

type LogoProps = { size?: 'sm' | 'md' | 'lg'; isTextHidden?: boolean; textColor?: string };

/** The product mark: a key in a rounded square, with the product name beside it. */
export function Logo({ size = 'md', isTextHidden = false, textColor }: LogoProps) {
  const iconSize = { sm: 28, md: 34, lg: 44 }[size];
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={iconSize} radius="md" variant="gradient" aria-hidden>
        <IconKey size={iconSize * 0.6} stroke={1.8} />
      </ThemeIcon>
      {!isTextHidden && (
        <Text
          fw={700}
          size={size === 'lg' ? 'xl' : 'md'}
          c={textColor ?? 'var(--mantine-color-text)'}
          style={{ lineHeight: 1.1 }}
        >
          Terminal Key Console
        </Text>
      )}
    </Group>
  );
}
