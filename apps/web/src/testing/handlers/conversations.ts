import type { HttpHandler } from 'msw';

/** The mock conversations API (features/conversations). */
export const conversationHandlers: HttpHandler[] = [];
