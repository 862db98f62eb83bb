// Catalogue messages (docs/product.md#validation, docs/product.md#errors) are English; their English text
// is their key in the 'msg' namespace. Messages that carry a number use a template key.

const templates: {
  re: RegExp;
  key: string;
  vars: (m: RegExpMatchArray) => Record<string, string>;
}[] = [
  { re: /^Minimum (\d+) symbols$/, key: 'Minimum {{n}} symbols', vars: (m) => ({ n: m[1]! }) },
  { re: /^Maximum (\d+) symbols$/, key: 'Maximum {{n}} symbols', vars: (m) => ({ n: m[1]! }) },
  {
    re: /^Maximum field length: (\d+)$/,
    key: 'Maximum field length: {{n}}',
    vars: (m) => ({ n: m[1]! }),
  },
  {
    re: /^Minimum field length: (\d+)$/,
    key: 'Minimum field length: {{n}}',
    vars: (m) => ({ n: m[1]! }),
  },
  {
    re: /^Page will be redirected about (\d+) second\.$/,
    key: 'Page will be redirected about {{n}} second.',
    vars: (m) => ({ n: m[1]! }),
  },
];

/** The catalogue key of a message and the values to put back into it. */
export function messageKey(message: string): { key: string; vars: Record<string, string> } {
  for (const t of templates) {
    const m = message.match(t.re);
    if (m) return { key: t.key, vars: t.vars(m) };
  }
  return { key: message, vars: {} };
}

type Translate = (message: string, vars?: Record<string, string>) => string;

/**
 * Localises an action-handler text (docs/product.md#action-handler: '<action> Success!', '<action> <msg>(<status>)',
 * '<action> <msg>'): the action and the message are translated apart, the status kept.
 */
export function localizeActionText(action: string, text: string, tr: Translate): string {
  if (!text.startsWith(action)) return tr(text);
  const actionText = tr(action);
  const rest = text.slice(action.length).trim();
  if (rest === '') return actionText;
  if (rest === 'Success!') return tr('{{action}} Success!', { action: actionText });
  const withStatus = rest.match(/^([\s\S]*)\((-?\d+)\)$/);
  if (withStatus) return `${actionText} ${tr(withStatus[1]!)}(${withStatus[2]})`;
  return `${actionText} ${tr(rest)}`;
}
