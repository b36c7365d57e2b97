import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BookingsError } from './bookings-error';

const shown = (error: unknown) => {
  render(<BookingsError error={error} retrying={false} onRetry={vi.fn()} />);
  return screen.getByRole('alert');
};

describe('BookingsError', () => {
  it.each([
    [new ApiError('Failed to fetch', 0), 'Cannot connect to server. Make sure the server is running on port 3000.'],
    [new ApiError('Authentication required', 401), 'Please log in again to access your bookings.'],
    [new ApiError('Database unavailable', 503), 'Error: Database unavailable'],
  ])("says the spec's text for the kind of %s", (error, text) => {
    const alert = shown(error);
    expect(alert).toHaveTextContent('Error Loading Bookings');
    expect(alert).toHaveTextContent(text);
  });
});
