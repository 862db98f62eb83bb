import { actionMessage, httpOutcome } from '@tkc/contracts/alerts';
import { describe, expect, it } from 'vitest';
import { localizeActionText, messageKey } from './messages';

describe('messageKey', () => {
  it('maps numbered messages to templates', () => {
    expect(messageKey('Minimum 8 symbols')).toEqual({
      key: 'Minimum {{n}} symbols',
      vars: { n: '8' },
    });
    expect(messageKey('Maximum 150 symbols')).toEqual({
      key: 'Maximum {{n}} symbols',
      vars: { n: '150' },
    });
    expect(messageKey('Page will be redirected about 3 second.').key).toBe(
      'Page will be redirected about {{n}} second.',
    );
  });

  it('keeps other messages as their own key', () => {
    expect(messageKey('Email is required')).toEqual({ key: 'Email is required', vars: {} });
  });
});

describe('localizeActionText', () => {
  const tr = (m: string, vars?: Record<string, string>) =>
    `[${m.replace('{{action}}', vars?.action ?? '')}]`;

  it('translates the action and the message apart, keeping the status', () => {
    const text = actionMessage(
      'Contact Us',
      httpOutcome(429, { status: 429, msg: 'Slow down' }),
    ).text;
    expect(text).toBe('Contact Us Slow down(429)');
    expect(localizeActionText('Contact Us', text, tr)).toBe('[Contact Us] [Slow down](429)');
  });

  it('uses the success template', () => {
    const text = actionMessage('Contact Us', { kind: 'success' }).text;
    expect(localizeActionText('Contact Us', text, tr)).toBe('[[Contact Us] Success!]');
  });

  it('translates texts that do not start with the action whole', () => {
    const text = actionMessage('Contact Us', { kind: 'no-response' }).text;
    expect(localizeActionText('Contact Us', text, tr)).toBe('[Server No Response]');
  });
});
