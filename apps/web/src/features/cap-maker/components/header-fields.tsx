import { Group, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { textBounds } from '@tkc/contracts/forms';
import { type CapVersion, type HeaderValues, versionBounds } from '../utils/cap-form-rules';
import { useCapText } from './cap-maker-text';

// The CAP header of both forms (docs/formats/cap.md#12-header-fields): the CAP version, then the
// fields with their bounds (textBounds); CAP3's version is exactly 4 characters, CAP4 4-99 with
// a company code.

type HeaderField = Exclude<keyof HeaderValues, 'cap_version'>;

export type HeaderFieldsProps = {
  values: HeaderValues;
  onChange: (patch: Partial<HeaderValues>) => void;
  onBlur: (field: HeaderField) => void;
  errorOf: (field: HeaderField) => string | undefined;
  disabled: boolean;
  idPrefix: string;
};

export function HeaderFields({
  values,
  onChange,
  onBlur,
  errorOf,
  disabled,
  idPrefix,
}: HeaderFieldsProps) {
  const { text } = useCapText();
  const [versionMin, versionMax] = versionBounds(values.cap_version);
  const input = (field: HeaderField, max: number) => ({
    id: `${idPrefix}-header-${field}`,
    label: text(`fields.${field}`),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ [field]: event.currentTarget.value }),
    onBlur: () => onBlur(field),
    error: errorOf(field),
    maxLength: max,
    disabled,
  });
  return (
    <Stack gap="md">
      <Radio.Group
        label={text('fields.cap_version')}
        description={text('hints.capVersion')}
        value={String(values.cap_version)}
        onChange={(value) => onChange({ cap_version: Number(value) as CapVersion })}
        withAsterisk
      >
        <Group gap="lg" mt={6}>
          <Radio value="3" label="CAP3" disabled={disabled} />
          <Radio value="4" label="CAP4" disabled={disabled} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...input('version', versionMax)}
          withAsterisk
          description={
            versionMin === versionMax
              ? text('hints.exactly', { n: versionMin })
              : text('hints.between', { min: versionMin, max: versionMax })
          }
        />
        <TextInput
          {...input('title', textBounds.title[1])}
          description={text('hints.upTo', { max: textBounds.title[1] })}
        />
        <TextInput
          {...input('company', textBounds.company[1])}
          description={text('hints.upTo', { max: textBounds.company[1] })}
        />
        <TextInput
          {...input('company_cap', textBounds.companyCap[1])}
          withAsterisk
          description={text('hints.upTo', { max: textBounds.companyCap[1] })}
        />
        <TextInput
          {...input('product', textBounds.product[1])}
          withAsterisk
          description={text('hints.upTo', { max: textBounds.product[1] })}
        />
        {values.cap_version === 4 && (
          <TextInput
            {...input('company_code', textBounds.companyCode[1])}
            withAsterisk
            description={text('hints.companyCode', { max: textBounds.companyCode[1] })}
          />
        )}
      </SimpleGrid>
      <Textarea
        {...input('comment', textBounds.comment[1])}
        withAsterisk
        autosize
        minRows={2}
        maxRows={4}
        description={text('hints.upTo', { max: textBounds.comment[1] })}
      />
      <Textarea
        {...input('description', textBounds.description[1])}
        withAsterisk
        autosize
        minRows={2}
        maxRows={4}
        description={text('hints.upTo', { max: textBounds.description[1] })}
      />
    </Stack>
  );
}
