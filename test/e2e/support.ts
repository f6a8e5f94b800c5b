import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** Collects everything the page reports as an error, to assert there was none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
