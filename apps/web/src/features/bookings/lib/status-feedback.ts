import type { TFunction } from '@/lib/i18n';
import type { BookingStatus } from '@meramot/shared';
import { alertDialog, showDialog, toast } from '@/lib/alerts';
import { ApiError } from '@/lib/api-client';
import { stateKey } from '../booking-status';

/** Success pop-up: 'Status Updated', closing after 2 s. */
export function statusUpdated(t: TFunction, status: BookingStatus) {
  return toast(t('update.successTitle'), t('update.successText', { status: t(stateKey(status)) }), 2000);
}

/** Start Work / Mark Complete: the server's message, or 'Failed to update booking status.'. */
export function nextStepFailed(t: TFunction, error: unknown) {
  // The server's sentence when it answered; without an answer, the spec's text.
  const message = error instanceof ApiError && error.kind !== 'network' ? error.message : t('update.failText');
  return alertDialog(t('update.failTitle'), message);
}

/**
 * The to-do list's status dropdown: a refusal the server explains (409, e.g. a completed booking is final) shows its
 * message; any other failure 'Unable to update status. Please try again.' with the footer. The
 * footer goes in as a text node (SweetAlert treats a footer string as HTML).
 */
export function todoUpdateFailed(t: TFunction, error: unknown) {
  console.error('Booking status update failed', error);
  if (error instanceof ApiError && error.kind === 'conflict') return alertDialog(t('update.failTitle'), error.message);
  const footer = document.createElement('span');
  footer.textContent = t('todo.failFooter');
  return showDialog({ icon: 'error', title: t('update.failTitle'), text: t('todo.failText'), footer });
}
