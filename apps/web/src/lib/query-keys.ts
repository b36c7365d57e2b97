import type { serviceListQuerySchema } from '@meramot/shared';
import type { z } from 'zod';

/**
 * The query keys of every resource, one factory each, shared by the features that read a resource
 * and those that change it (a booking refreshes a service's page). Keys under 'public' hold what
 * anyone may see (kept on logout, reloaded after any change); the others are the signed-in user's
 * (removed on logout).
 */
/** The list call's query as the server's schema parses it (page and limit have defaults there). */
export type ServiceListQuery = Partial<z.output<typeof serviceListQuerySchema>>;

export const publicKeys = { all: ['public'] as const };

export const serviceKeys = {
  all: ['public', 'services'] as const,
  list: (query: ServiceListQuery) => ['public', 'services', 'list', query] as const,
  areas: () => ['public', 'services', 'areas'] as const,
  categories: () => ['public', 'services', 'categories'] as const,
  popular: (limit: number) => ['public', 'services', 'popular', limit] as const,
  /** Read with the token (a provider sees their paused service): personal. */
  detail: (id: string) => ['services', 'detail', id] as const,
  /**
   * Read by a visitor, without a token: under `detail(id)`, so that invalidating or removing a
   * service's detail covers both.
   */
  visitorDetail: (id: string) => ['services', 'detail', id, 'visitor'] as const,
  /** The provider's own services, paused ones included. */
  provider: (email: string) => ['provider-services', email] as const,
};

/** A provider's public page: their profile, and their services and reviews page by page (a page size each). */
export const providerKeys = {
  profile: (id: string) => ['public', 'providers', id, 'profile'] as const,
  services: (id: string, limit: number) => ['public', 'providers', id, 'services', limit] as const,
  reviews: (id: string, limit: number) => ['public', 'providers', id, 'reviews', limit] as const,
};

/** The places of Bangladesh (GET /api/places), and the public services per place. */
export const placeKeys = {
  all: () => ['public', 'places'] as const,
  /** The place counts with the areas of one district ('' for none). */
  counts: (district: string) => ['public', 'services', 'places', district] as const,
};

export const reviewKeys = {
  service: (serviceId: string) => ['public', 'reviews', 'service', serviceId] as const,
  recent: (limit: number) => ['public', 'reviews', 'recent', limit] as const,
};

export const statsKeys = {
  platform: () => ['public', 'stats', 'platform'] as const,
  bookings: () => ['public', 'stats', 'bookings'] as const,
  reviews: () => ['public', 'stats', 'reviews'] as const,
};

export const bookingKeys = {
  all: ['bookings'] as const,
  user: (email: string) => ['bookings', 'user', email.toLowerCase()] as const,
  provider: (email: string) => ['bookings', 'provider', email.toLowerCase()] as const,
};

/** The signed-in person's notifications: lists per filter (All, Unread), the unread count, settings. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (filter: { unread: boolean }) => ['notifications', 'list', filter] as const,
  unread: () => ['notifications', 'unread'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  /** Read with the signed token of an e-mail's footer link (no sign-in). */
  linkPreferences: (token: string) => ['notifications', 'link-preferences', token] as const,
};

/** A booking's conversation (its pages of messages) and the unread messages per booking. */
export const conversationKeys = {
  all: ['conversations'] as const,
  detail: (bookingId: string) => ['conversations', 'detail', bookingId] as const,
  unread: () => ['conversations', 'unread'] as const,
};

export const authKeys = { verify: (token: string | null) => ['auth', 'verify', token] as const };

export const profileKeys = { passwordSignIn: (email: string) => ['profile', 'password-sign-in', email] as const };
