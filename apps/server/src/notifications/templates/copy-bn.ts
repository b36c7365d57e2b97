import type { Copy } from './copy';

/** E-mails and SMS in Bangla, in the app's words (বুকিং, সার্ভিস, প্রোভাইডার, গ্রাহক, রিভিউ, মেসেজ). */
export const bn: Copy = {
  brand: 'মেরামত',
  greeting: (name) => (name ? `প্রিয় ${name},` : 'শুভেচ্ছা,'),
  subject: {
    booking_requested: (f) => `নতুন বুকিং: ${f.service} (${f.actor})`,
    booking_cancelled: (f) => `বুকিং বাতিল: ${f.service} (${f.actor})`,
    booking_working: (f) => `কাজ শুরু হয়েছে: ${f.service}`,
    booking_completed: (f) => `কাজ সম্পন্ন: ${f.service}। কেমন হলো জানান`,
    review_received: (f) => `নতুন রিভিউ: ${f.service}${f.rating ? `, ৫-এর মধ্যে ${f.rating} রেটিং` : ''}`,
    message_received: (f) => `নতুন মেসেজ: ${f.service} (${f.actor})`,
    booking_accepted: (f) => `বুকিং গ্রহণ করা হয়েছে: ${f.service}`,
    booking_declined: (f) => `বুকিং ফিরিয়ে দেওয়া হয়েছে: ${f.service}`,
    booking_expired: (f) => `বুকিংয়ের মেয়াদ শেষ: ${f.service}`,
    booking_proposed: (f) => `নতুন সময়ের প্রস্তাব: ${f.service}`,
    proposal_accepted: (f) => `নতুন সময় গ্রহণ করা হয়েছে: ${f.service}`,
    proposal_declined: (f) => `নতুন সময় ফিরিয়ে দেওয়া হয়েছে: ${f.service}`,
  },
  intro: {
    booking_requested: (f) =>
      f.date
        ? `${f.actor} ${f.date} তারিখের জন্য আপনার সার্ভিস “${f.service}” বুক করেছেন।`
        : `${f.actor} আপনার সার্ভিস “${f.service}” বুক করেছেন।`,
    booking_cancelled: (f) =>
      f.date
        ? `${f.actor} ${f.date} তারিখের “${f.service}” বুকিংটি বাতিল করেছেন।`
        : `${f.actor} “${f.service}” বুকিংটি বাতিল করেছেন।`,
    booking_working: (f) => `${f.actor} আপনার “${f.service}” সার্ভিসের কাজ শুরু করেছেন।`,
    booking_completed: (f) => `${f.actor} আপনার “${f.service}” সার্ভিসের কাজ সম্পন্ন করেছেন।`,
    review_received: (f) =>
      f.rating
        ? `${f.actor} আপনার “${f.service}” সার্ভিসের রিভিউ দিয়েছেন: ৫-এর মধ্যে ${f.rating} রেটিং।`
        : `${f.actor} আপনার “${f.service}” সার্ভিসের রিভিউ দিয়েছেন।`,
    message_received: (f) => `“${f.service}” বুকিং নিয়ে ${f.actor} আপনাকে একটি মেসেজ পাঠিয়েছেন:`,
    booking_accepted: (f) =>
      f.date
        ? `${f.actor} ${f.date} তারিখের “${f.service}” বুকিংটি গ্রহণ করেছেন।`
        : `${f.actor} আপনার “${f.service}” বুকিংটি গ্রহণ করেছেন।`,
    booking_declined: (f) =>
      f.date
        ? `${f.actor} ${f.date} তারিখের “${f.service}” বুকিংটি ফিরিয়ে দিয়েছেন।`
        : `${f.actor} আপনার “${f.service}” বুকিংটি ফিরিয়ে দিয়েছেন।`,
    booking_expired: (f) => `${f.actor} সময়মতো উত্তর দেননি, তাই আপনার “${f.service}” বুকিংয়ের মেয়াদ শেষ হয়েছে।`,
    booking_proposed: (f) =>
      f.date
        ? `${f.actor} “${f.service}”-এর জন্য নতুন সময় প্রস্তাব করেছেন: ${f.date}।`
        : `${f.actor} “${f.service}”-এর জন্য নতুন সময় প্রস্তাব করেছেন।`,
    proposal_accepted: (f) => `${f.actor} “${f.service}”-এর নতুন সময় গ্রহণ করেছেন।`,
    proposal_declined: (f) => `${f.actor} “${f.service}”-এর নতুন সময় ফিরিয়ে দিয়েছেন; বুকিংয়ের আগের সময়ই থাকছে।`,
  },
  next: {
    booking_requested: 'বিস্তারিত দেখতে বুকিংটি খুলুন, প্রস্তুত হলে কাজ শুরু করুন।',
    booking_cancelled: 'আপনাকে আর কিছু করতে হবে না।',
    booking_working: 'বুকিং থেকে কাজের খোঁজ রাখুন, দরকার হলে প্রোভাইডারকে মেসেজ পাঠান।',
    booking_completed: 'কেমন হলো? আপনার রিভিউ অন্য গ্রাহকদের সঠিক প্রোভাইডার বেছে নিতে সাহায্য করে।',
    review_received: 'রিভিউ দেখেই গ্রাহকেরা প্রোভাইডার বেছে নেন। ভালো কাজের জন্য ধন্যবাদ।',
    booking_accepted: 'এখন বুকিংয়ে প্রোভাইডারের ফোন নম্বর দেখতে পাবেন, তিনিও আপনারটা দেখতে পাবেন।',
    booking_declined: 'একই মেরামতের জন্য অন্য প্রোভাইডার বুক করতে পারেন।',
    booking_expired: 'আবার বুক করতে পারেন, অথবা অন্য প্রোভাইডার বেছে নিন।',
    booking_proposed: 'নতুন সময় গ্রহণ বা ফিরিয়ে দিতে বুকিংটি খুলুন।',
  },
  action: {
    booking_requested: 'বুকিং দেখুন',
    booking_cancelled: 'বুকিং দেখুন',
    booking_working: 'বুকিং দেখুন',
    booking_completed: 'রিভিউ দিন',
    review_received: 'বুকিং দেখুন',
    message_received: 'উত্তর দিন',
    booking_accepted: 'বুকিং দেখুন',
    booking_declined: 'অন্য প্রোভাইডার খুঁজুন',
    booking_expired: 'অন্য প্রোভাইডার খুঁজুন',
    booking_proposed: 'উত্তর দিন',
    proposal_accepted: 'বুকিং দেখুন',
    proposal_declined: 'বুকিং দেখুন',
  },
  actorLabel: {
    booking_requested: 'গ্রাহক',
    booking_cancelled: 'গ্রাহক',
    booking_working: 'প্রোভাইডার',
    booking_completed: 'প্রোভাইডার',
    review_received: 'গ্রাহক',
    message_received: 'পাঠিয়েছেন',
    booking_accepted: 'প্রোভাইডার',
    booking_declined: 'প্রোভাইডার',
    booking_expired: 'প্রোভাইডার',
    booking_proposed: 'প্রস্তাব করেছেন',
    proposal_accepted: 'উত্তর দিয়েছেন',
    proposal_declined: 'উত্তর দিয়েছেন',
  },
  labels: {
    service: 'সার্ভিস',
    customer: 'গ্রাহক',
    provider: 'প্রোভাইডার',
    date: 'সার্ভিসের তারিখ',
    price: 'দাম',
    rating: 'রেটিং',
    reviewTitle: 'রিভিউ',
    message: 'মেসেজ',
    reason: 'কারণ',
  },
  ratingValue: (rating) => `৫-এর মধ্যে ${rating}`,
  why: {
    bookings: 'আপনার সার্ভিসের বুকিংয়ের খবর ইমেইলে পাওয়া চালু আছে, তাই এই ইমেইলটি পেয়েছেন।',
    status: 'আপনার বুকিংয়ের কাজের খবর ইমেইলে পাওয়া চালু আছে, তাই এই ইমেইলটি পেয়েছেন।',
    reviews: 'আপনার সার্ভিসের রিভিউয়ের খবর ইমেইলে পাওয়া চালু আছে, তাই এই ইমেইলটি পেয়েছেন।',
    messages: 'বুকিংয়ের মেসেজের খবর ইমেইলে পাওয়া চালু আছে, তাই এই ইমেইলটি পেয়েছেন।',
  },
  settingsIntro: 'কী পাবেন আর কীভাবে পাবেন, তা বেছে নিন:',
  settings: 'নোটিফিকেশন সেটিংস',
  tagline: 'মেরামত, সারা বাংলাদেশের মেরামতের সার্ভিস',
  sms: {
    booking_requested: (f) =>
      `মেরামত: নতুন বুকিং, ${f.service}${f.date ? `, ${f.date}` : ''}। গ্রাহক: ${f.actor}। ${f.link}`,
    booking_cancelled: (f) =>
      `মেরামত: বুকিং বাতিল, ${f.service}${f.date ? `, ${f.date}` : ''}। গ্রাহক: ${f.actor}। ${f.link}`,
    booking_working: (f) => `মেরামত: আপনার ${f.service}-এর কাজ শুরু হয়েছে। ${f.link}`,
    booking_completed: (f) => `মেরামত: আপনার ${f.service}-এর কাজ সম্পন্ন। রিভিউ দিন: ${f.link}`,
    review_received: (f) =>
      `মেরামত: নতুন রিভিউ, ${f.service}${f.rating ? ` (${f.rating}/৫)` : ''}। গ্রাহক: ${f.actor}। ${f.link}`,
    message_received: (f) => `মেরামত: নতুন মেসেজ, ${f.service}। পাঠিয়েছেন ${f.actor}। ${f.link}`,
    booking_accepted: (f) => `মেরামত: ${f.actor} আপনার ${f.service} বুকিং গ্রহণ করেছেন। ${f.link}`,
    booking_declined: (f) => `মেরামত: ${f.actor} আপনার ${f.service} বুকিং ফিরিয়ে দিয়েছেন। ${f.link}`,
    booking_expired: (f) => `মেরামত: উত্তর না পাওয়ায় আপনার ${f.service} বুকিংয়ের মেয়াদ শেষ। ${f.link}`,
    booking_proposed: (f) => `মেরামত: ${f.actor} ${f.service}-এর জন্য নতুন সময় প্রস্তাব করেছেন। ${f.link}`,
    proposal_accepted: (f) => `মেরামত: ${f.actor} ${f.service}-এর নতুন সময় গ্রহণ করেছেন। ${f.link}`,
    proposal_declined: (f) => `মেরামত: ${f.actor} ${f.service}-এর নতুন সময় ফিরিয়ে দিয়েছেন। ${f.link}`,
  },
  ellipsis: '…',
};
