import type { Locator, Page } from '@playwright/test';
import { bengali, type Language } from './language';

/**
 * Issue 20's booking flow as the screens say it, in both languages (literal texts, so a wrong or
 * missing translation fails the journeys): the booking dialog (a summary, a time window, where the
 * work happens, an address and phone for work at the customer's place, inline errors), the
 * provider's Accept / Decline, another time proposed and answered, the steps to completion, the
 * review with stars and its edit, and the "Cancelled, declined, expired" tab on both sides.
 */
export const BOOKING_TEXTS = {
  en: {
    bookNow: 'Book Now',
    dialogTitle: 'Book This Service',
    summary: 'Booking summary',
    serviceDate: 'Service Date',
    windowLegend: 'Time window',
    windows: { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' },
    atShop: 'At the shop',
    atMyPlace: 'At my place',
    address: 'Address',
    phone: 'Phone number',
    confirm: 'Confirm Booking',
    dateRequired: 'Please select a service date.',
    windowRequired: 'Please choose a time window.',
    addressRequired: 'Please enter the address where the repair should happen.',
    phoneRequired: 'Please enter a phone number the provider can call.',
    phoneInvalid: 'Please enter a Bangladeshi mobile number, e.g. 01712345678',
    successTitle: 'Booking Successful!',
    successText:
      'Your booking has been sent. The provider will accept or decline it; once accepted you can call each other.',
    status: {
      pending: 'Pending',
      accepted: 'Accepted',
      working: 'Working',
      completed: 'Completed',
      declined: 'Declined',
      cancelled: 'Cancelled',
    },
    acceptedDescription: 'The provider accepted your booking. You can now call each other.',
    declinedDescription: 'The provider declined this booking.',
    phoneAfterAccept: 'Shared once the provider accepts',
    atYourPlace: 'At your place',
    atCustomersPlace: "At the customer's place",
    yourAddress: 'Your address',
    customerAddress: 'Customer address',
    contactAfterAccept: "The customer's phone and address are shared once you accept.",
    endedTab: 'Cancelled, declined, expired',
    accept: 'Accept',
    acceptedTitle: 'Booking Accepted',
    decline: 'Decline',
    declineLabel: 'Why do you decline? The customer will read this.',
    declineSubmit: 'Decline Booking',
    reasonRequired: 'Please tell the customer why you decline.',
    declinedTitle: 'Booking Declined',
    declineReason: 'Reason for declining',
    startWork: 'Start Work',
    markComplete: 'Mark Complete',
    statusUpdated: 'Status Updated',
    statusLabel: 'Status',
    callProvider: 'Call Provider',
    when: 'When',
    propose: 'Propose another time',
    newDate: 'New date',
    sendProposal: 'Send proposal',
    /** "You proposed {when}. Waiting for an answer." */
    proposedByMe: (when: string) => `You proposed ${when}. Waiting for an answer.`,
    /** "The provider proposes {when}." */
    providerProposes: (when: string) => `The provider proposes ${when}.`,
    acceptNewTime: 'Accept new time',
    declineNewTime: 'Decline new time',
    leaveReview: 'Leave Review',
    reviewDialog: 'Leave a Review',
    editReview: 'Edit Review',
    editReviewDialog: 'Edit Your Review',
    stars: { 1: '1 - Very Poor', 2: '2 - Poor', 3: '3 - Average', 4: '4 - Good', 5: '5 - Excellent' },
    reviewComment: 'Your review',
    submitReview: 'Submit Review',
    reviewSubmitted: 'Review Submitted!',
    reviewed: 'Reviewed',
    reviewEdited: 'Edited',
  },
  bn: {
    bookNow: 'এখনই বুক করুন',
    dialogTitle: 'সার্ভিসটি বুক করুন',
    summary: 'বুকিংয়ের সারসংক্ষেপ',
    serviceDate: 'সার্ভিসের তারিখ',
    windowLegend: 'সময়',
    windows: { morning: 'সকাল', afternoon: 'দুপুর', evening: 'সন্ধ্যা' },
    atShop: 'দোকানে',
    atMyPlace: 'আমার ঠিকানায়',
    address: 'ঠিকানা',
    phone: 'ফোন নম্বর',
    confirm: 'বুকিং নিশ্চিত করুন',
    dateRequired: 'সার্ভিসের একটি তারিখ বেছে নিন।',
    windowRequired: 'একটি সময় বেছে নিন।',
    addressRequired: 'যেখানে মেরামত হবে সেই ঠিকানাটি লিখুন।',
    phoneRequired: 'প্রোভাইডার ফোন করতে পারেন এমন একটি নম্বর দিন।',
    phoneInvalid: 'একটি বাংলাদেশি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮',
    successTitle: 'বুকিং সফল হয়েছে!',
    successText:
      'আপনার বুকিং পাঠানো হয়েছে। প্রোভাইডার গ্রহণ বা প্রত্যাখ্যান করবেন; গ্রহণ করলে আপনারা একে অপরকে ফোন করতে পারবেন।',
    status: {
      pending: 'অপেক্ষমাণ',
      accepted: 'গৃহীত',
      working: 'কাজ চলছে',
      completed: 'সম্পন্ন',
      declined: 'প্রত্যাখ্যাত',
      cancelled: 'বাতিল',
    },
    acceptedDescription: 'প্রোভাইডার আপনার বুকিং গ্রহণ করেছেন। এখন আপনারা একে অপরকে ফোন করতে পারবেন।',
    declinedDescription: 'প্রোভাইডার এই বুকিংটি প্রত্যাখ্যান করেছেন।',
    phoneAfterAccept: 'প্রোভাইডার গ্রহণ করলে দেখা যাবে',
    atYourPlace: 'আপনার ঠিকানায়',
    atCustomersPlace: 'গ্রাহকের ঠিকানায়',
    yourAddress: 'আপনার ঠিকানা',
    customerAddress: 'গ্রাহকের ঠিকানা',
    contactAfterAccept: 'আপনি গ্রহণ করলে গ্রাহকের ফোন নম্বর ও ঠিকানা দেখা যাবে।',
    endedTab: 'বাতিল, প্রত্যাখ্যাত, মেয়াদোত্তীর্ণ',
    accept: 'গ্রহণ করুন',
    acceptedTitle: 'বুকিং গৃহীত হয়েছে',
    decline: 'প্রত্যাখ্যান করুন',
    declineLabel: 'কেন প্রত্যাখ্যান করছেন? গ্রাহক এটি পড়বেন।',
    declineSubmit: 'বুকিং প্রত্যাখ্যান করুন',
    reasonRequired: 'গ্রাহককে জানান কেন প্রত্যাখ্যান করছেন।',
    declinedTitle: 'বুকিং প্রত্যাখ্যান করা হয়েছে',
    declineReason: 'প্রত্যাখ্যানের কারণ',
    startWork: 'কাজ শুরু করুন',
    markComplete: 'কাজ শেষ',
    statusUpdated: 'অবস্থা আপডেট হয়েছে',
    statusLabel: 'অবস্থা',
    callProvider: 'প্রোভাইডারকে ফোন করুন',
    when: 'কখন',
    propose: 'অন্য সময় প্রস্তাব করুন',
    newDate: 'নতুন তারিখ',
    sendProposal: 'প্রস্তাব পাঠান',
    proposedByMe: (when: string) => `আপনি ${when} প্রস্তাব করেছেন। উত্তরের অপেক্ষায়।`,
    providerProposes: (when: string) => `প্রোভাইডার ${when} প্রস্তাব করেছেন।`,
    acceptNewTime: 'নতুন সময় গ্রহণ করুন',
    declineNewTime: 'নতুন সময় প্রত্যাখ্যান করুন',
    leaveReview: 'রিভিউ দিন',
    reviewDialog: 'রিভিউ দিন',
    editReview: 'রিভিউ বদলান',
    editReviewDialog: 'আপনার রিভিউ বদলান',
    stars: { 1: '১ - খুবই খারাপ', 2: '২ - খারাপ', 3: '৩ - মোটামুটি', 4: '৪ - ভালো', 5: '৫ - চমৎকার' },
    reviewComment: 'আপনার রিভিউ',
    submitReview: 'রিভিউ জমা দিন',
    reviewSubmitted: 'রিভিউ জমা হয়েছে!',
    reviewed: 'রিভিউ দেওয়া হয়েছে',
    reviewEdited: 'বদলানো হয়েছে',
  },
} as const;

export type BookingTexts = (typeof BOOKING_TEXTS)[Language];
export type WindowName = 'morning' | 'afternoon' | 'evening';

/** The windows' wall-clock hours (packages/shared BOOKING_WINDOWS), as the dialog prints them. */
const WINDOW_HOURS: Record<WindowName, string> = {
  morning: '09:00–12:00',
  afternoon: '12:00–16:00',
  evening: '16:00–21:00',
};

/** "Evening 16:00–21:00" / "সন্ধ্যা ১৬:০০–২১:০০": a window's name and hours in the language. */
export function windowText(language: Language, name: WindowName): string {
  const hours = WINDOW_HOURS[name];
  return `${BOOKING_TEXTS[language].windows[name]} ${language === 'bn' ? bengali(hours) : hours}`;
}

/** A booking card's state badge (the first badge of the card, beside its title). */
export const stateBadge = (card: Locator): Locator => card.locator('span.badge').first();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tab by its label (its name ends with the count badge). */
export const tabName = (label: string) => new RegExp(`^${escape(label)}`);

/** The booking dialog of a service page (opened with Book Now) and its controls. */
export function bookingDialog(page: Page, language: Language = 'en') {
  const T = BOOKING_TEXTS[language];
  const modal = page.getByRole('dialog', { name: T.dialogTitle });
  return {
    modal,
    summary: modal.getByLabel(T.summary, { exact: true }),
    date: modal.getByLabel(T.serviceDate, { exact: true }),
    windowGroup: modal.getByRole('group', { name: T.windowLegend, exact: true }),
    window: (name: WindowName): Locator => modal.getByRole('radio', { name: windowText(language, name), exact: true }),
    atShop: modal.getByRole('radio', { name: T.atShop, exact: true }),
    atMyPlace: modal.getByRole('radio', { name: T.atMyPlace, exact: true }),
    address: modal.getByLabel(T.address, { exact: true }),
    phone: modal.getByLabel(T.phone, { exact: true }),
    confirm: modal.getByRole('button', { name: T.confirm, exact: true }),
    /** The inline error under a field (each is a role="alert" paragraph inside the dialog). */
    error: (text: string): Locator => modal.getByRole('alert').filter({ hasText: text }),
  };
}

/** The first weekday `weekday` (0 Sunday … 6 Saturday) at least `from` days ahead, yyyy-mm-dd in Asia/Dhaka. */
export function nextWeekday(weekday: number, from = 1): string {
  for (let days = from; days < from + 7; days++) {
    const date = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Dhaka',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(Date.now() + days * 86_400_000));
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === weekday) return date;
  }
  throw new Error('unreachable');
}
