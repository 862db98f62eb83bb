import type { Locator, Page } from '@playwright/test';
import { extractCode } from '../../apps/server/test/support/smtp-catcher';
import { api, createUser, mailMark, newTestUser, nextMail } from '../support/api';
import { openSignedIn, openWithSession } from '../support/fixtures';
import { expect, setUpEraseWorld, test } from '../support/key-erase';

// Keyboard only (docs/web.md#keyboard): every step below is a key press, typed text or (for the
// two dates) text entered whole into the field Tab reached, never a click. Focus must be visible on each stop, a skip link leads to the content, and a dialog gives
// focus back to the button that opened it.

/**
 * Presses Tab until `target` has focus (at most `limit` presses) and, on every stop on the way,
 * checks the focus can be seen: the focused element, or the box around it (Mantine draws an input's
 * focus on its border or wrapper), looks different once focus has moved on.
 */
async function tabTo(page: Page, target: Locator, limit = 40, key = 'Tab') {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    await expectFocusVisible(page);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} not reached in ${limit} presses of ${key}`);
}

const KEYS = {
  Enter: { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  Tab: { code: 'Tab', windowsVirtualKeyCode: 9 },
} as const;

/** Sends the keys' presses to the browser in one go, none waiting for the page to answer another. */
async function pressTogether(page: Page, keys: (keyof typeof KEYS)[]) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await Promise.all(
      keys.flatMap((key) => [
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, ...KEYS[key] }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, ...KEYS[key], text: undefined }),
      ]),
    );
  } finally {
    await cdp.detach();
  }
}

const LOOK = [
  'outline-style',
  'outline-width',
  'outline-color',
  'box-shadow',
  'border-top-color',
  'background-color',
  'color',
];

/** The focused element's look (and its two parents'), read again after a blur. */
async function expectFocusVisible(page: Page) {
  const result = await page.evaluate((props) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', changed: true };
    const boxes = [el, el.parentElement, el.parentElement?.parentElement].filter(
      (x): x is HTMLElement => Boolean(x),
    );
    // Transitions off while looking: a colour mid-change would read as unchanged.
    const transitions = boxes.map((b) => b.style.transition);
    for (const b of boxes) b.style.transition = 'none';
    const look = () =>
      boxes.map((b) => {
        const style = getComputedStyle(b);
        return props.map((p) => style.getPropertyValue(p)).join('|');
      });
    const focused = look();
    const hasOutline = (() => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    })();
    el.blur();
    const blurred = look();
    el.focus({ preventScroll: true });
    boxes.forEach((b, i) => {
      b.style.transition = transitions[i] ?? '';
    });
    const name = el.outerHTML.slice(0, 160);
    return { name, changed: hasOutline || focused.some((v, i) => v !== blurred[i]) };
  }, LOOK);
  expect(result.changed, `focus on "${result.name}" cannot be seen`).toBe(true);
}

test('sign in by keyboard with the e-mail code', async ({ page, stack }) => {
  const user = await createUser(stack, 'cap-user', 'keys');
  await page.goto(`${stack.baseUrl}/auth`);
  const email = page.getByRole('textbox', { name: 'Email' });
  // Keys go to the live page, not the inert copy painted at build time (docs/web.md#static-sign-in).
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await tabTo(page, email);
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type(user.password);
  // Enter submits the form from the password field.
  await page.keyboard.press('Enter');

  const emailMethod = page.getByRole('button', { name: 'Email' });
  await expect(emailMethod).toBeVisible();
  const since = mailMark(stack);
  await tabTo(page, emailMethod);
  await page.keyboard.press('Enter');
  // The code's first box has focus: the six digits are typed, the sixth submits.
  const code = extractCode(await nextMail(stack, user.email, since));
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toBeFocused();
  await page.keyboard.type(code, { delay: 30 });
  await expect(
    page.getByRole('heading', { name: new RegExp(`Welcome.*${user.firstName}`) }),
  ).toBeVisible();
});

test('the skip link, the side menu and the invite dialog by keyboard; focus returns to the opener', async ({
  page,
  stack,
}) => {
  const admin = await createUser(stack, 'plf-admin', 'platform');
  await openSignedIn(page, stack, admin, '/admin/user');
  await expect(page.getByRole('heading', { name: 'User', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();

  // The first Tab reaches the skip link, shown while it has focus; Enter moves focus into the
  // page's content, so the next Tab lands on the page's first control, past the menu.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the page content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const inviteButton = page.getByRole('button', { name: 'Invite user' });
  await expect(inviteButton).toBeFocused();

  // The invite dialog: Enter opens it with focus on the e-mail field.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
  const invitee = newTestUser('keyboard');
  await page.keyboard.type(invitee.email);
  // The company: typed into its search box, the option chosen with the arrow keys and Enter.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toBeFocused();
  await page.keyboard.type('HQ');
  await expect(page.getByRole('option', { name: /^HQ/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(/^HQ/);
  // A role: Tab to the CAP Maker group, an arrow key picks its first role.
  const capGroup = dialog.getByRole('radiogroup', { name: /^CAP Maker/ });
  await tabTo(page, capGroup.getByRole('radio').first());
  await page.keyboard.press('ArrowDown');
  const capRole = capGroup.getByRole('radio').nth(1);
  await expect(capRole).toBeChecked();
  const send = dialog.getByRole('button', { name: 'Send invitation' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invite User Success!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(inviteButton).toBeFocused();
  await expect(page.getByRole('table').getByText(invitee.email)).toBeVisible();

  // Opened again, Escape closes it without sending, and focus is back on the opener.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.keyboard.type('left@example.com');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(inviteButton).toBeFocused();

  // The side menu: Tab (backwards) to the Company group, Enter opens it, its first link is next;
  // Enter there opens the company overview. Enter and Tab go to the browser together, as from a
  // quick typist: the entries must be there for that Tab, not a frame later.
  const companyGroup = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', {
    name: 'Company',
  });
  await tabTo(page, companyGroup, 20, 'Shift+Tab');
  await expect(companyGroup).toHaveAttribute('aria-expanded', 'false');
  await pressTogether(page, ['Enter', 'Tab']);
  await expect(companyGroup).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/company$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
});

test('the erase log filtered by keyboard: search, status picker, dates', async ({
  page,
  stack,
}) => {
  const world = await setUpEraseWorld(stack);
  for (const [i, status] of [0, 19, 3, 0].entries()) {
    const answer = await api(stack, '/uld/erase', {
      token: world.session.token,
      body: { sn: `KEY${i + 1}`, esn: `E${i}`, rn: '0A1B2C3D4E5F6071', status, log: [] },
    });
    expect(answer.status).toBe(200);
  }
  await openWithSession(page, stack, world.session, '/key-erase/log');
  await expect(page.getByText('1-4 of 4')).toBeVisible();
  const rows = page.locator('table tbody tr');

  // Search: Tab to the box and type.
  const search = page.getByRole('textbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type('KEY2');
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await expect(page.getByText('1-4 of 4')).toBeVisible();

  // The 'Failed' preset: an arrow key in the status choice.
  const all = page.getByRole('radio', { name: 'All' });
  await tabTo(page, all);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/filter=failed/);
  await expect(page.getByText('1-2 of 2')).toBeVisible();
  // 'Choose' opens the picker of statuses; arrows and Enter pick one, Escape closes the list.
  await page.keyboard.press('ArrowRight');
  const picker = page.getByRole('combobox', { name: 'Statuses' });
  await tabTo(page, picker);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.type('19');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filter=19/);
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await expect(rows.first()).toContainText('KEY2');

  // Dates in the English format, each entered whole (as pasted) once Tab has reached its field;
  // a range in the past holds nothing.
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  await tabTo(page, from, 20, 'Shift+Tab');
  await from.fill('01/01/2020');
  await expect(page).toHaveURL(/from=2020-01-01/);
  // With a start date the field has its clear button: Tab stops there, then on the end date.
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  await tabTo(page, to, 3);
  await to.fill('01/31/2020');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/to=2020-01-31/);
  await expect(page.getByText('No erase records')).toBeVisible();
});
