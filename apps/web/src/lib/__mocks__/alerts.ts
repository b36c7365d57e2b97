import { vi } from 'vitest';
import type * as real from '../alerts';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** The pop-ups as mocks (a test file says `vi.mock('…/lib/alerts')`): a confirmation is accepted. */
export const showDialog = vi.fn<typeof real.showDialog>(async () => ({}) as Answer<typeof real.showDialog>);
export const alertDialog = vi.fn<typeof real.alertDialog>(async () => ({}) as Answer<typeof real.alertDialog>);
export const toast = vi.fn<typeof real.toast>(async () => ({}) as Answer<typeof real.toast>);
export const confirmDialog = vi.fn<typeof real.confirmDialog>(async () => true);
