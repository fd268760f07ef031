import { expect, type Page } from '@playwright/test';

/**
 * Whoever started a background operation is told when it is done by a personal notice, which
 * stays until its reader dismisses it. The specs read it and dismiss it, as a user would: left
 * standing, the notices of one spec pile up over the controls another spec of the same user
 * clicks (the stack shares one database).
 */
export async function readNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: text });
  // Personal notices are read every 15 s; a reload reads them at once.
  await expect(async () => {
    if (!(await notice.isVisible())) await page.reload();
    await expect(notice).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
}
