import { Code } from '@mantine/core';

/**
 * A hex digest, broken anywhere so it fits a phone. `label` names it for a screen reader where
 * several digests stand together.
 */
export function Digest({ value, label }: { value: string; label?: string }) {
  return (
    <Code aria-label={label} style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
      {value}
    </Code>
  );
}
