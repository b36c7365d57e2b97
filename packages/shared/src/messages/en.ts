import {
  MAX_SERVICE_PRICE,
  MIN_SERVICE_PRICE,
  PERSON_NAME_MAX,
  REVIEW_COMMENT_MAX,
  REVIEW_TITLE_MAX,
} from '../constants';
import { SIGNUP_PASSWORD_MIN } from '../auth-forms';
import { bookingFlowMessages } from '../booking-flow';

/**
 * The English sentences the server answers and the forms show, keyed. They are the texts the
 * schemas and routes use today (tests assert them); `bn.ts` holds the same keys in Bangla.
 */
export const en = {
  authRequired: 'Authentication required',
  reviewCommentRequired: 'Please write a review comment',
  reviewCommentTooShort: 'Review comment must be at least 10 characters long',
  reviewCommentTooLong: `Review comment must be at most ${REVIEW_COMMENT_MAX} characters long`,
  reviewTitleTooLong: `Review title must be at most ${REVIEW_TITLE_MAX} characters long`,
  reviewRating: 'Rating must be a whole number from 1 to 5',
  priceNumber: 'Price must be a number',
  priceMin: `Price must be at least ${MIN_SERVICE_PRICE}`,
  priceMax: `Price must be at most ${MAX_SERVICE_PRICE}`,
  priceDecimals: 'Price may have at most two decimals',
  serviceDateRequired: 'Please select a service date.',
  missingFields: 'Please fill in all fields.',
  missingRequiredFields: 'Please fill in all required fields.',
  passwordTooShort: `Password must be at least ${SIGNUP_PASSWORD_MIN} characters long.`,
  passwordCase: 'Password must contain at least one uppercase and one lowercase letter.',
  invalidUrl: 'Invalid URL',
  nameTooLong: `Full name must be at most ${PERSON_NAME_MAX} characters.`,
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${PERSON_NAME_MAX} characters.`,
  enterValidUrl: 'Please enter a valid URL',
  invalidPhone: 'Please enter a Bangladeshi mobile number, e.g. 01712345678',
  // The server's sentences (apps/server: routes, plugins/errors).
  serviceNotFound: 'Service not found.',
  serviceNotFoundLong: "Service not found. The service you're looking for doesn't exist.",
  bookingNotFound: 'Booking not found.',
  tokenInvalid: 'The sign-in token is invalid or has expired. Please sign in again.',
  accountNoEmail: 'Your sign-in account has no e-mail address; Meramot needs one.',
  emailTaken:
    'A Meramot account already uses this e-mail address. Verify your e-mail address with the link we sent, then sign in again.',
  signInUnavailable: 'The sign-in service is temporarily unavailable. Please try again in a few seconds.',
  providerEmailOwn: 'The provider e-mail must be your own: you can only list services as yourself.',
  onlyProviderChanges: 'Only the provider of this service can change it.',
  onlyCustomerReviews: 'Only the customer of this booking can review it.',
  reviewAfterCompleted: 'You can review a booking only after it is completed.',
  alreadyReviewed: 'You have already reviewed this booking.',
  datePast: 'The service date must be today or later (Asia/Dhaka time).',
  idempotencyReused: 'This Idempotency-Key was already used for a booking of another service.',
  ownService: 'You cannot book your own service.',
  servicePaused: 'This service is paused by its provider and cannot be booked right now.',
  bookingNotCreated: 'This booking could not be created. Please try again.',
  onlyProviderStatus: 'Only the provider of this service can change the booking status.',
  bookingFinal: 'This booking is completed; a completed booking is final and its status cannot be changed.',
  onlyCustomerCancels: 'Only the customer who made this booking can cancel it.',
  onlyPendingCancel: 'Only a pending booking can be cancelled; the provider has already started on this one.',
  serverError: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  recordExists: 'This record already exists.',
  recordInUse: 'This record refers to something that does not exist or is still in use.',
  breaksRule: 'The data breaks a rule of the marketplace.',
  wrongFormat: 'A value has the wrong format.',
  tooLong: 'A value is too long.',
  outOfRange: 'A number is out of range.',
  badCharacter: 'A text contains a character that is not allowed.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyNotJson: 'The request body must be JSON.',
  bodyEmpty: 'The request body is empty.',
  badRequest: 'The request is not valid.',
  badUrl: 'The address is not valid: it has a malformed %-escape.',
  urlPartTooLong: 'A part of the address is too long.',
  // Notifications and conversations (issue 19).
  messageEmpty: 'Please write a message.',
  messageTooLong: 'A message can be at most 2000 characters long.',
  messageControl: 'A message must not contain control characters.',
  onlyPartiesRead: 'Only the customer and the provider of this booking can read its messages.',
  onlyPartiesWrite: 'Only the customer and the provider of this booking can write to it.',
  conversationClosed: 'This conversation is closed: it was completed or cancelled more than 30 days ago.',
  messagesTooFast: 'You are sending messages too fast. Please wait a minute and try again.',
  settingsLinkInvalid:
    'This link to your notification settings is invalid or has expired. Sign in to change them in Profile Settings.',
  phoneNotVerified: 'This sign-in token carries no verified phone number. Verify the number first.',
  phoneNotBangladeshi: 'SMS can only go to a Bangladeshi mobile number (+8801XXXXXXXXX).',
  phoneOtherAccount: 'This phone verification belongs to another account. Sign in again and retry.',
  tooManyStreams: 'Too many open live connections for this account. Close some tabs and try again.',
  lastEventIdInvalid: 'Last-Event-ID must be the id of an event this stream sent.',
  // Issue 20: the booking's answers, window and place.
  ...bookingFlowMessages,
  alreadyAccepted: 'This booking was already accepted.',
  alreadyStarted: 'This booking has already started; it can no longer be accepted or declined.',
  bookingEndedCancelled: 'This booking was cancelled; it can no longer be changed.',
  bookingEndedDeclined: 'This booking was declined; it can no longer be changed.',
  bookingEndedExpired: 'This booking expired without an answer; it can no longer be changed.',
  onlyProviderAnswers: 'Only the provider of this service can answer this booking.',
  onlyPartiesPropose: 'Only the customer and the provider of this booking can propose or answer a new time.',
  alreadyStartedNoNewTime: 'This booking has already started; its time can no longer be changed.',
  proposalNotFound: 'Proposal not found.',
  ownProposal: 'You cannot answer your own proposal; the other party answers it.',
  proposalAnswered: 'This proposal was already answered or replaced by a newer one.',
  proposalPast: 'The proposed time has passed. Please propose another time.',
} as const;

export type MessageKey = keyof typeof en;

/** Field names as the schemas' sentences use them (`Service name is required`). */
export const enFields = {
  serviceName: 'Service name',
  serviceDescription: 'Description',
  providerName: 'Provider name',
} as const;
