/** Query keys of the shared bookings state: the user's list and the provider's list. */
export const bookingsKeys = {
  all: ['bookings'] as const,
  user: (email: string) => ['bookings', 'user', email.toLowerCase()] as const,
  provider: (email: string) => ['bookings', 'provider', email.toLowerCase()] as const,
};

/** The spec's messages for a failed bookings load (section 8). */
export function bookingsLoadError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('Failed to fetch')) return 'Cannot connect to server. Make sure the server is running on port 3000.';
  if (message === 'Authentication required') return 'Please log in again to access your bookings.';
  return `Error: ${message}`;
}
