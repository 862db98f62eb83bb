import { Select, type SelectProps } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CompanyOption, useCompanyOptions } from '@/lib/company-options';

type CompanySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (id: string | null, company: CompanyOption | null) => void;
};

/** A searchable picker over GET /companies (global admins), labelled 'CODE · Name'. */
export function CompanySelect({ value, onChange, ...props }: CompanySelectProps) {
  const { t } = useTranslation('management');
  const options = useCompanyOptions();
  const companies = options.data?.data ?? [];
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('common.nothingFound')}
      leftSection={<IconBuilding size={16} stroke={1.6} />}
      placeholder={options.isLoading ? t('common.loading') : t('common.allCompanies')}
      {...props}
      data={companies.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
      value={value}
      onChange={(id) => onChange(id, companies.find((c) => c.id === id) ?? null)}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
}
