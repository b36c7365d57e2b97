import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal', () => {
  it('closes only for its own close event, not for that of a dialog opened inside it (a photo viewer)', () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    render(
      <Modal open onClose={closeOuter} title="Booking Details" titleId="outer" initialFocus="button">
        <Modal open onClose={closeInner} title="Photos" titleId="inner" initialFocus="button">
          <p>Photo</p>
        </Modal>
      </Modal>,
    );
    const inner = screen.getByRole('dialog', { name: 'Photos' });
    const outer = screen.getByRole('dialog', { name: 'Booking Details' });
    // The browser fires close (and, for Escape, cancel) on the inner dialog alone; React passes
    // them up its tree.
    fireEvent(inner, new Event('cancel', { cancelable: true }));
    fireEvent(inner, new Event('close'));
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
    fireEvent(outer, new Event('close'));
    expect(closeOuter).toHaveBeenCalledTimes(1);
  });
});
