import { type Language, languageField } from '@tkc/contracts/fields';

/** A stored language code, or English when it is not one of the six. */
export const toLanguage = (value: string | null | undefined): Language =>
  languageField.safeParse(value).data ?? 'en';
