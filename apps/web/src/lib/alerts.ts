/**
 * The spec's dialogs and toasts through SweetAlert2, loaded on first use. Texts are always passed
 * as text (never HTML), so provider-controlled strings cannot inject markup.
 */
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { translate } from './i18n';

const load = () => import('sweetalert2').then((m) => m.default);

export async function showDialog(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const Swal = await load();
  // Follow the app's theme (data-theme on the root), not the system's.
  const theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
  // The OK button and the close button's label in the language in use.
  const texts = { confirmButtonText: translate('common', 'ok'), closeButtonAriaLabel: translate('common', 'close') };
  return Swal.fire({
    theme,
    ...texts,
    ...options,
    customClass: { confirmButton: 'btn btn-primary', cancelButton: 'btn btn-ghost', ...options.customClass },
    buttonsStyling: false,
  });
}

export function alertDialog(title: string, text: string, icon: SweetAlertIcon = 'error') {
  return showDialog({ title, text, icon });
}

/** Auto-closing message without buttons. */
export function toast(title: string, text: string, timerMs: number, icon: SweetAlertIcon = 'success') {
  return showDialog({ title, text, icon, timer: timerMs, showConfirmButton: false, timerProgressBar: true });
}

export async function confirmDialog(options: { title: string; text: string; confirm: string; cancel: string }) {
  const result = await showDialog({
    title: options.title,
    text: options.text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: options.confirm,
    cancelButtonText: options.cancel,
    focusCancel: true,
  });
  return result.isConfirmed;
}
