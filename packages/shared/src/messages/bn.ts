import { MAX_SERVICE_PRICE, MIN_SERVICE_PRICE, PERSON_NAME_MAX, REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from '../constants';
import { SIGNUP_PASSWORD_MIN } from '../auth-forms';
import type { enFields, MessageKey } from './en';

/** Latin digits as Bengali digits (১০০). */
export const bengaliDigits = (value: number | string) => String(value).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
const n = bengaliDigits;

/** The catalogue in Bangla, key for key. */
export const bn: Record<MessageKey, string> = {
  authRequired: 'লগইন করা প্রয়োজন',
  reviewCommentRequired: 'অনুগ্রহ করে রিভিউতে কিছু লিখুন',
  reviewCommentTooShort: `রিভিউ কমপক্ষে ${n(10)} অক্ষরের হতে হবে`,
  reviewCommentTooLong: `রিভিউ সর্বোচ্চ ${n(REVIEW_COMMENT_MAX)} অক্ষরের হতে পারে`,
  reviewTitleTooLong: `রিভিউয়ের শিরোনাম সর্বোচ্চ ${n(REVIEW_TITLE_MAX)} অক্ষরের হতে পারে`,
  reviewRating: 'রেটিং ১ থেকে ৫-এর মধ্যে একটি পূর্ণ সংখ্যা হতে হবে',
  priceNumber: 'দাম একটি সংখ্যা হতে হবে',
  priceMin: `দাম কমপক্ষে ৳${n(MIN_SERVICE_PRICE)} হতে হবে`,
  priceMax: `দাম সর্বোচ্চ ৳${n(MAX_SERVICE_PRICE)} হতে পারে`,
  priceDecimals: 'দামে দশমিকের পরে সর্বোচ্চ দুই ঘর থাকতে পারে',
  serviceDateRequired: 'সার্ভিসের একটি তারিখ বেছে নিন।',
  missingFields: 'অনুগ্রহ করে সবগুলো ঘর পূরণ করুন।',
  missingRequiredFields: 'অনুগ্রহ করে সব জরুরি ঘর পূরণ করুন।',
  passwordTooShort: `পাসওয়ার্ড কমপক্ষে ${n(SIGNUP_PASSWORD_MIN)} অক্ষরের হতে হবে।`,
  passwordCase: 'পাসওয়ার্ডে অন্তত একটি বড় হাতের আর একটি ছোট হাতের অক্ষর থাকতে হবে।',
  invalidUrl: 'লিংকটি সঠিক নয়',
  nameTooLong: `পুরো নাম সর্বোচ্চ ${n(PERSON_NAME_MAX)} অক্ষরের হতে পারে।`,
  displayNameRequired: 'প্রদর্শিত নাম দিতে হবে',
  enterValidUrl: 'একটি সঠিক লিংক দিন',
  invalidPhone: 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮',
  serviceNotFound: 'সার্ভিসটি পাওয়া যায়নি।',
  serviceNotFoundLong: 'সার্ভিসটি পাওয়া যায়নি। আপনি যে সার্ভিসটি খুঁজছেন সেটি নেই।',
  bookingNotFound: 'বুকিংটি পাওয়া যায়নি।',
  tokenInvalid: 'লগইনের টোকেনটি সঠিক নয় বা মেয়াদ শেষ হয়ে গেছে। আবার লগইন করুন।',
  accountNoEmail: 'আপনার লগইন অ্যাকাউন্টে কোনো ইমেইল ঠিকানা নেই; মেরামতে একটি ইমেইল লাগে।',
  emailTaken: 'এই ইমেইল ঠিকানায় মেরামতে আগে থেকেই একটি অ্যাকাউন্ট আছে। আমাদের পাঠানো লিংক দিয়ে ইমেইল যাচাই করে আবার লগইন করুন।',
  signInUnavailable: 'লগইন সার্ভিস সাময়িকভাবে বন্ধ আছে। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
  providerEmailOwn: 'প্রোভাইডারের ইমেইল আপনার নিজের হতে হবে: আপনি শুধু নিজের নামে সার্ভিস দিতে পারেন।',
  onlyProviderChanges: 'শুধু এই সার্ভিসের প্রোভাইডারই এটি বদলাতে পারেন।',
  onlyCustomerReviews: 'শুধু এই বুকিংয়ের গ্রাহকই রিভিউ দিতে পারেন।',
  reviewAfterCompleted: 'বুকিং সম্পন্ন হওয়ার পরেই শুধু রিভিউ দেওয়া যায়।',
  alreadyReviewed: 'এই বুকিংয়ের রিভিউ আপনি আগেই দিয়েছেন।',
  datePast: 'সার্ভিসের তারিখ আজ বা এর পরের কোনো দিন হতে হবে (বাংলাদেশ সময়)।',
  idempotencyReused: 'এই অনুরোধের চাবিটি (Idempotency-Key) আগেই অন্য একটি সার্ভিসের বুকিংয়ে ব্যবহার হয়েছে।',
  ownService: 'আপনি নিজের সার্ভিস বুক করতে পারবেন না।',
  servicePaused: 'প্রোভাইডার এই সার্ভিসটি বন্ধ রেখেছেন, তাই এখন বুক করা যাবে না।',
  bookingNotCreated: 'বুকিংটি করা গেল না। আবার চেষ্টা করুন।',
  onlyProviderStatus: 'শুধু এই সার্ভিসের প্রোভাইডারই বুকিংয়ের অবস্থা বদলাতে পারেন।',
  bookingFinal: 'এই বুকিংটি সম্পন্ন হয়ে গেছে; সম্পন্ন বুকিংয়ের অবস্থা আর বদলানো যায় না।',
  onlyCustomerCancels: 'যিনি বুকিং করেছেন শুধু সেই গ্রাহকই এটি বাতিল করতে পারেন।',
  onlyPendingCancel: 'শুধু অপেক্ষমাণ বুকিং বাতিল করা যায়; প্রোভাইডার এটির কাজ শুরু করে দিয়েছেন।',
  serverError: 'আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।',
  unavailable: 'সার্ভিসটি সাময়িকভাবে বন্ধ আছে। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
  recordExists: 'এই তথ্যটি আগে থেকেই আছে।',
  recordInUse: 'এই তথ্যটি এমন কিছুর সাথে যুক্ত যা নেই বা এখনো ব্যবহার হচ্ছে।',
  breaksRule: 'তথ্যটি মার্কেটপ্লেসের একটি নিয়ম ভাঙছে।',
  wrongFormat: 'একটি মানের ধরন সঠিক নয়।',
  tooLong: 'একটি মান খুব বড়।',
  outOfRange: 'একটি সংখ্যা সীমার বাইরে।',
  badCharacter: 'লেখায় এমন একটি অক্ষর আছে যা চলবে না।',
  invalidJson: 'অনুরোধের ভেতরের তথ্য সঠিক JSON নয়।',
  bodyTooLarge: 'অনুরোধের তথ্য খুব বড়।',
  bodyNotJson: 'অনুরোধের তথ্য JSON হতে হবে।',
  bodyEmpty: 'অনুরোধের তথ্য খালি।',
  badRequest: 'অনুরোধটি সঠিক নয়।',
  badUrl: 'ঠিকানাটি সঠিক নয়: এতে একটি ভুল %-চিহ্ন আছে।',
  urlPartTooLong: 'ঠিকানার একটি অংশ খুব বড়।',
};

export const bnFields: Record<keyof typeof enFields, string> = {
  serviceName: 'সার্ভিসের নাম',
  serviceDescription: 'বিবরণ',
  providerName: 'প্রোভাইডারের নাম',
};
