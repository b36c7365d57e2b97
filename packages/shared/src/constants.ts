/** Business constants of spec section 9, shared by the server and the web app. */

/** The eight divisions of Bangladesh, in the spec's order. */
export const AREAS = [
  'Dhaka',
  'Chittagong',
  'Rajshahi',
  'Khulna',
  'Barisal',
  'Sylhet',
  'Rangpur',
  'Mymensingh',
] as const;
export type Area = (typeof AREAS)[number];

export const CURRENCY_SYMBOL = '৳';
export const MIN_SERVICE_PRICE = 100;
/** Upper bound on a price, so a typo cannot list a repair at an absurd figure. */
export const MAX_SERVICE_PRICE = 10_000_000;

export const SERVICE_STATUSES = ['active', 'paused'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const BOOKING_STATUSES = ['pending', 'working', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const SORT_KEYS = ['newest', 'name', 'price-low', 'price-high', 'provider'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'newest';
/** The sorts of the public list: the spec's and newest, plus best match (the default with a search). */
export const LIST_SORT_KEYS = [...SORT_KEYS, 'best'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
/** The order of a list with a search when none is asked for. */
export const SEARCH_DEFAULT_SORT: ListSortKey = 'best';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/**
 * A list is paged through its first LIST_WINDOW results only (deeper pages would cost in proportion
 * to their depth), and a filtered list counts its matches up to LIST_WINDOW (`totalCapped` beyond).
 */
export const LIST_WINDOW = 1000;
/** The last page of a list that the window allows, for a page size. */
export const lastPageInWindow = (limit: number) => Math.ceil(LIST_WINDOW / limit);

/** Person-scoped lists (a person's bookings, booking requests, services, reviews) are paged too. */
export const PERSON_LIST_LIMIT_DEFAULT = 50;
export const PERSON_LIST_LIMIT_MAX = 100;

/** A customer may hold at most this many pending bookings of one service, and in all. */
export const MAX_PENDING_BOOKINGS_PER_SERVICE = 3;
export const MAX_PENDING_BOOKINGS = 30;

export const SEARCH_DEBOUNCE_MS = 300;
export const HEADER_SEARCH_LIMIT = 8;
/** Cap on `GET /api/search/{text}`. */
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_TEXT_MAX = 100;

export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 500;
export const REVIEW_TITLE_MAX = 100;
export const RECENT_REVIEWS_DEFAULT = 4;
export const RECENT_REVIEWS_MAX = 20;

export const SPECIAL_INSTRUCTION_MAX = 1000;
/** How far ahead a service date may be booked. */
export const BOOKING_MAX_DAYS_AHEAD = 365;

export const DEFAULT_ESTIMATED_TIME = '2-3 hours';
export const DEFAULT_PROVIDER_PHONE = 'Not provided';
export const DEFAULT_SERVICE_AREA = 'Location not specified';

export const TIME_ZONE = 'Asia/Dhaka';

export const SERVICE_NAME_MAX = 120;
export const SERVICE_DESCRIPTION_MIN = 10;
export const SERVICE_DESCRIPTION_MAX = 2000;
export const PERSON_NAME_MAX = 100;
export const URL_MAX = 2048;

/** Home page categories and the keywords matched against service names (spec section 9). */
export const CATEGORIES = [
  { key: 'smartphone', name: 'Smartphone Repair', keywords: ['phone', 'mobile', 'smartphone'] },
  { key: 'laptop', name: 'Laptop Repair', keywords: ['laptop', 'computer', 'pc'] },
  { key: 'tv', name: 'TV Repair', keywords: ['tv', 'television', 'display'] },
  { key: 'ac', name: 'AC Repair', keywords: ['ac', 'air', 'conditioning'] },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];
