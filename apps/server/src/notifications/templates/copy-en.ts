import type { Copy } from './copy';

const forDate = (date: string | null) => (date ? ` for ${date}` : '');

/** E-mails and SMS in English. SMS keep to GSM-7 characters (no curly quotes, no ৳) so 160 fit in one. */
export const en: Copy = {
  brand: 'Meramot',
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  subject: {
    booking_requested: (f) => `New booking: ${f.service} from ${f.actor}`,
    booking_cancelled: (f) => `Booking cancelled: ${f.service} by ${f.actor}`,
    booking_working: (f) => `Work has started: ${f.service}`,
    booking_completed: (f) => `Completed: ${f.service}. How did it go?`,
    review_received: (f) => `New review of ${f.service}${f.rating ? `: ${f.rating} out of 5` : ''}`,
    message_received: (f) => `New message from ${f.actor} about ${f.service}`,
  },
  intro: {
    booking_requested: (f) => `${f.actor} booked your service “${f.service}”${forDate(f.date)}.`,
    booking_cancelled: (f) => `${f.actor} cancelled the booking of “${f.service}”${forDate(f.date)}.`,
    booking_working: (f) => `${f.actor} has started work on “${f.service}”.`,
    booking_completed: (f) => `${f.actor} has completed “${f.service}”.`,
    review_received: (f) =>
      f.rating
        ? `${f.actor} reviewed “${f.service}” and rated it ${f.rating} out of 5.`
        : `${f.actor} reviewed “${f.service}”.`,
    message_received: (f) => `${f.actor} sent you a message about “${f.service}”:`,
  },
  next: {
    booking_requested: 'Open the booking to see the details, and start the work when you are ready.',
    booking_cancelled: 'There is nothing you need to do.',
    booking_working: 'Follow the work and message the provider from the booking.',
    booking_completed: 'How did it go? Your review helps other customers choose the right provider.',
    review_received: 'Reviews help customers choose you. Thank you for your good work.',
  },
  action: {
    booking_requested: 'View the booking',
    booking_cancelled: 'View the booking',
    booking_working: 'View the booking',
    booking_completed: 'Leave a review',
    review_received: 'View the booking',
    message_received: 'Reply',
  },
  actorLabel: {
    booking_requested: 'Customer',
    booking_cancelled: 'Customer',
    booking_working: 'Provider',
    booking_completed: 'Provider',
    review_received: 'Customer',
    message_received: 'From',
  },
  labels: {
    service: 'Service',
    customer: 'Customer',
    provider: 'Provider',
    date: 'Date',
    price: 'Price',
    rating: 'Rating',
    reviewTitle: 'Review',
    message: 'Message',
  },
  ratingValue: (rating) => `${rating} out of 5`,
  why: {
    bookings: 'You get this e-mail because e-mails about bookings of your services are on.',
    status: 'You get this e-mail because e-mails about the progress of your bookings are on.',
    reviews: 'You get this e-mail because e-mails about reviews of your services are on.',
    messages: 'You get this e-mail because e-mails about messages on your bookings are on.',
  },
  settingsIntro: 'Choose what we send you, and how:',
  settings: 'Notification settings',
  tagline: 'Meramot, repair services across Bangladesh',
  sms: {
    booking_requested: (f) => `Meramot: new booking of ${f.service}${forDate(f.date)} from ${f.actor}. ${f.link}`,
    booking_cancelled: (f) => `Meramot: ${f.actor} cancelled the booking of ${f.service}${forDate(f.date)}. ${f.link}`,
    booking_working: (f) => `Meramot: ${f.actor} started work on ${f.service}. ${f.link}`,
    booking_completed: (f) => `Meramot: ${f.actor} completed ${f.service}. Leave a review: ${f.link}`,
    review_received: (f) => `Meramot: ${f.actor} reviewed ${f.service}${f.rating ? ` (${f.rating}/5)` : ''}. ${f.link}`,
    message_received: (f) => `Meramot: new message from ${f.actor} about ${f.service}. ${f.link}`,
  },
  ellipsis: '...',
};
