import { ApiError, isApiError } from './api-client';
import { i18n, translateMessage } from './i18n';

// Messages of the management API and of its shared form rules (server texts and contracts
// validation) are English sentences; this table names each one by a key of the `management`
// namespace (`messages.<key>`), with the values to put back into it. Anything else goes to the
// general message catalogue (`translateMessage`), which shows unknown texts in English.

type Entry = { re: RegExp; key: string; vars?: (m: RegExpMatchArray) => Record<string, string> };

const exact = (text: string, key: string): Entry => ({
  re: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}$`),
  key,
});

export const MANAGEMENT_MESSAGES: readonly Entry[] = [
  // Server (users, companies, serial numbers, models)
  {
    re: /^No (\S+) licence left for company (\S+): (\d+) of (\d+) in use$/,
    key: 'licenceLeft',
    vars: (m) => ({ group: m[1]!, company: m[2]!, used: m[3]!, total: m[4]! }),
  },
  exact('You cannot disable your own account', 'cannotDisableSelf'),
  exact('You cannot remove your own management role', 'cannotRemoveOwnAdmin'),
  {
    re: /^The role (\S+) can only be granted in the platform company$/,
    key: 'platformRoleOnly',
    vars: (m) => ({ role: m[1]! }),
  },
  exact('Only a platform owner can grant the platform owner role', 'onlyOwnerGrantsOwner'),
  exact(
    'Only a platform administrator can grant the platform administrator role',
    'onlyAdminGrantsAdmin',
  ),
  exact('The platform company keeps its code', 'platformKeepsCode'),
  {
    re: /^Company code (\S+) is already taken$/,
    key: 'codeTaken',
    vars: (m) => ({ code: m[1]! }),
  },
  {
    re: /^No supported model has a prefix of serial number (\S+)$/,
    key: 'noModelForSn',
    vars: (m) => ({ sn: m[1]! }),
  },
  {
    re: /^Serial number (\S+) is already in this company$/,
    key: 'snInThisCompany',
    vars: (m) => ({ sn: m[1]! }),
  },
  {
    re: /^Serial number (\S+) belongs to another company$/,
    key: 'snOtherCompany',
    vars: (m) => ({ sn: m[1]! }),
  },
  { re: /^Model (.+) already exists$/, key: 'modelExists', vars: (m) => ({ name: m[1]! }) },
  {
    re: /^Prefix (.+) already belongs to another model$/,
    key: 'prefixTaken',
    vars: (m) => ({ prefixes: m[1]! }),
  },
  exact('The file is larger than 16 MB', 'fileTooLarge'),
  exact('Send the file as text/csv', 'sendCsv'),
  exact('Unknown role', 'unknownRole'),
  // Form rules of the contracts (management schemas)
  exact('Company code is required', 'companyCodeRequired'),
  exact('Company code may hold only A-Z, 0-9, _ and -', 'companyCodeChars'),
  exact('Company name is required', 'companyNameRequired'),
  exact('Date must be yyyy-MM-dd', 'dateFormat'),
  exact('Minimum 0', 'minimumZero'),
  exact('Maximum 100000', 'maximumLicences'),
  exact('Serial number is required', 'snRequired'),
  exact('Serial number must be 4-32 letters or digits', 'snFormat'),
  exact('Model name is required', 'modelNameRequired'),
  exact('Family must be older or newer', 'familyRequired'),
  exact('Prefix must be 1-16 letters or digits', 'prefixFormat'),
  { re: /^Maximum field length: (\d+)$/, key: 'maxLength', vars: (m) => ({ n: m[1]! }) },
  { re: /^Minimum field length: (\d+)$/, key: 'minLength', vars: (m) => ({ n: m[1]! }) },
];

/** The management key of a message and its values; null when the table does not know it. */
export function managementMessageKey(
  message: string,
): { key: string; vars: Record<string, string> } | null {
  for (const entry of MANAGEMENT_MESSAGES) {
    const m = message.match(entry.re);
    if (m) return { key: entry.key, vars: entry.vars?.(m) ?? {} };
  }
  return null;
}

/**
 * Translates a management message. A validation answer of the server ('field: message') keeps
 * its field name and translates the message.
 */
export function translateManagementMessage(message: string): string {
  const found = managementMessageKey(message);
  if (found && i18n.isInitialized) {
    return i18n.t(`messages.${found.key}`, {
      ns: 'management',
      defaultValue: message,
      ...found.vars,
    });
  }
  if (found) return message;
  const field = /^([a-z_][\w.]*): (.+)$/.exec(message);
  if (field) return `${field[1]}: ${translateManagementMessage(field[2]!)}`;
  return translateMessage(message);
}

/** The same error with its server message translated, for the spec-8 handlers. */
export function localizeApiError(error: unknown): unknown {
  if (!isApiError(error) || error.serverMsg === null) return error;
  const msg = translateManagementMessage(error.serverMsg);
  if (msg === error.serverMsg) return error;
  const body =
    typeof error.body === 'object' && error.body !== null ? { ...error.body, msg } : { msg };
  return new ApiError({
    message: msg,
    status: error.status,
    code: error.code,
    serverMsg: msg,
    bodyStatus: error.bodyStatus,
    statusText: error.statusText,
    body,
  });
}
