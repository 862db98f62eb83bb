import { createUser } from '../support/api';
import {
  expect,
  openSignedIn,
  signInWithEmailCode,
  submitCredentials,
  test,
} from '../support/fixtures';

test('edits the profile with its messages; the dashboard follows', async ({ page, stack }) => {
  const user = await createUser(stack, 'cap-user', 'paula');
  await openSignedIn(page, stack, user, '/account/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Profile' });
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/v1/auth/profile'))
      saves.push(request.postData() ?? '');
  });
  const save = form.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);

  // The product's messages, once a field is touched.
  const first = form.getByRole('textbox', { name: 'First Name' });
  const phone = form.getByRole('textbox', { name: 'Telephone' });
  await first.fill('');
  await first.blur();
  await expect(first).toHaveAccessibleDescription('First name is required');
  await first.fill('x'.repeat(51));
  await expect(first).toHaveAccessibleDescription('Maximum 50 symbols');
  await phone.fill('');
  await phone.blur();
  await expect(phone).toHaveAccessibleDescription('Telephone is required');
  await phone.fill('1'.repeat(18));
  await expect(phone).toHaveAccessibleDescription('Maximum 17 symbols');
  // A submit with errors sends nothing: counted below, once the valid save has been answered.
  await save.click();

  // Valid values: names, telephone, zone, address and a daily digest.
  await first.fill('Paulina');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Profiler');
  await phone.fill('+81 3 1234 5678');
  await form.getByRole('combobox', { name: 'Time Zone' }).fill('Tokyo');
  await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
  await form.getByRole('textbox', { name: 'Address' }).fill('1-1 Marunouchi, Tokyo');
  await form.getByRole('radio', { name: 'Daily' }).check();
  await save.click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(save).toBeDisabled();
  expect(saves).toHaveLength(1);
  expect(JSON.parse(saves[0]!)).toMatchObject({ first_name: 'Paulina' });

  // Kept by the server: after a reload, and on the dashboard.
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Paulina');
  await expect(form.getByRole('combobox', { name: 'Time Zone' })).toHaveValue(/Asia\/Tokyo/);
  await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue('1-1 Marunouchi, Tokyo');
  await expect(form.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Dashboard').click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Paulina' })).toBeVisible();
  await expect(page.getByTestId('digest-label')).toHaveText('Daily digest');
});

test('changes the password with the strength meter, then signs in with the new one', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'cap-user', 'pete');
  await openSignedIn(page, stack, user, '/account/settings?section=3');
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const form = page.getByRole('form', { name: 'Password' });
  const oldPassword = form.getByRole('textbox', { name: 'Old Password' });
  const newPassword = form.getByRole('textbox', { name: 'New Password', exact: true });
  const confirm = form.getByRole('textbox', { name: 'Confirm New Password' });
  const submit = form.getByRole('button', { name: 'Change password' });

  // Every field is required; the rules and the meter.
  await submit.click();
  await expect(oldPassword).toHaveAccessibleDescription('Old password is required');
  await expect(newPassword).toHaveAccessibleDescription('Password is required');
  await newPassword.fill('lowercase1');
  await expect(newPassword).toHaveAccessibleDescription(
    'At least 1 uppercase, and 1 number password is required.',
  );
  await expect(form.getByText('60%')).toBeVisible();
  const fresh = 'N3w-Secret!pass';
  await newPassword.fill(fresh);
  await expect(form.getByText('100%')).toBeVisible();
  await confirm.fill('N3w-Secret!pasS');
  await expect(confirm).toHaveAccessibleDescription("Password and Confirm Password didn't match");
  await confirm.fill(fresh);

  // A wrong old password is refused by the server.
  await oldPassword.fill('not-my-password');
  await submit.click();
  await expect(oldPassword).toHaveAccessibleDescription('The old password is incorrect');

  await oldPassword.fill(user.password);
  await submit.click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(oldPassword).toHaveValue('');

  // Sign out; the old password no longer works, the new one does.
  await page.getByRole('tab', { name: 'Session' }).click();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await submitCredentials(page, user);
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  await submitCredentials(page, { email: user.email, password: fresh });
  await signInWithEmailCode(page, stack, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
});
