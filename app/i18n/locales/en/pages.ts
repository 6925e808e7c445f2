/**
 * The static pages: About, Jobs, Safety tips, Terms and conditions, and Install. Arrays are read with
 * `list`; their order is the order on the page and the route modules pair each item
 * with its anchor id and icon by position, so keep both languages in the same order.
 */
const pages = {
  about: {
    metaTitle: "About Souqna",
    metaDescription:
      "Souqna is a free, bilingual classifieds marketplace that connects Syrians at home and abroad to buy, sell, rent and find services with confidence.",
    title: "About Souqna",
    intro:
      "Souqna, “our market” in Arabic, is a classifieds marketplace built for Syrians wherever they live. Whether you are selling your car in Aleppo, renting out a flat in Damascus, looking for an electrician in Homs or helping your family buy a new fridge from Berlin, Souqna puts you in direct touch with the right buyer or seller, in Arabic or English, on your phone or your computer, even on a weak connection.",
    role: {
      title: "What we do, and what we don't",
      body: "Souqna is a meeting place, not a shop. We don't own or sell the items advertised, we don't hold anyone's money, and we are not a party to any deal: every agreement is made directly between buyer and seller. Our job is to make it easy for you to find each other and to keep the marketplace as clean and safe as we can.",
    },
    vision: {
      title: "Our vision",
      body: "One trusted marketplace where every Syrian, in Damascus or Deir ez-Zor, in Istanbul or Stockholm, can find what they need and reach the people who have it: easily, safely and in their own language.",
    },
    mission: {
      title: "Our mission",
      body: "To make buying, selling and hiring simpler and safer for Syrians: free basic listings, clear categories for cars, property, jobs, electronics, furniture and services, prices in Syrian pounds with an approximate dollar value, and practical advice so that every deal starts on solid ground.",
    },
    values: {
      title: "Our values",
      items: [
        {
          title: "Trust and security",
          body: "We confirm members' e-mail addresses, put a Report button on every listing and review what is reported, and show a seller's phone number only to signed-in members. The “Verified Member” badge appears only once a member has confirmed their e-mail, because a trust signal that means nothing only helps scammers.",
        },
        {
          title: "Community",
          body: "Souqna belongs to the people who use it. We build it for neighbours selling to neighbours and for families separated by distance, and we count on our members to report anything that doesn't belong here, so the marketplace stays honest.",
        },
        {
          title: "Innovation",
          body: "We build for Syria as it is today: light pages that work on slow networks, search that understands the many ways people type Arabic, and a complete experience in both Arabic and English, with more to come as we listen to our members.",
        },
        {
          title: "Transparency",
          body: "Basic use of Souqna is free. If we introduce paid services, we will announce their price and conditions in advance. Our terms are written in plain language, and we say clearly what we do and what we don't: we connect people; we don't take part in their deals.",
        },
      ],
    },
    cta: {
      title: "Ready to start?",
      body: "Browse the latest listings, or post your own ad in a few minutes. It's free.",
      browse: "Browse listings",
      post: "Post an ad",
    },
  },

  jobs: {
    metaTitle: "Careers at Souqna",
    metaDescription:
      "Open positions in the Souqna team. There are no vacancies right now, but we would like to hear from people who want to help build a better marketplace for Syria.",
    title: "Work with us",
    emptyTitle: "No Job Vacancies Available",
    emptyBody:
      "We don't have any open positions at the moment. New roles are posted on this page as soon as they open, so please check back from time to time.",
    refresh: "Refresh",
    lookingForTitle: "The people we look for",
    lookingFor:
      "We look for people who care about Syria and its people, who write clearly in Arabic or English (ideally both), and who enjoy solving real problems, whether in engineering, design, member support or content review.",
    cvTitle: "Send us your CV anyway",
    cvBody:
      "If you would like to be considered for future roles, send us your CV with a few lines about yourself and the kind of work you are looking for. We will get in touch if a suitable opening comes up.",
    sendCv: "Send your CV",
    cvSubject: "CV: application to join Souqna",
    marketplaceTitle: "Looking for work with other employers?",
    marketplaceBody:
      "Browse the Jobs category on Souqna, where employers across Syria advertise their vacancies.",
    marketplaceLink: "Browse job listings",
  },

  safety: {
    metaTitle: "Safety tips",
    metaDescription:
      "Practical advice for buying and selling safely on Souqna: checking the other party, meeting in person, paying safely, inspecting items and protecting your data in Syria.",
    title: "Safety tips",
    intro:
      "Most people on Souqna are honest buyers and sellers. A few simple habits keep it that way and protect you from the rare person who is not. Souqna puts buyers and sellers in touch but is not a party to the sale, so these checks are in your hands. Take your time, and never let anyone rush you.",
    tocTitle: "On this page",
    sections: [
      {
        title: "Verify before you meet",
        points: [
          "Read the whole listing and look at every photo. If something is unclear, ask for more photos or a short video taken today.",
          "Look at the seller's profile: how long they have been a member, whether their e-mail is confirmed, and what else they are selling.",
          "Be wary of prices far below the market. A car or a flat at half its usual price is almost always a trap.",
          "Chatting on WhatsApp is fine, but keep the conversation and be careful with anyone who avoids a voice call or won't answer simple questions about the item.",
          "If you find the same photos in other ads under a different name or in a different city, walk away.",
        ],
      },
      {
        title: "Meet safely",
        points: [
          "Meet in a busy public place in daylight, such as a well-known café, a shopping street or outside a bank.",
          "Bring a friend or relative along, especially for expensive items, and tell someone at home where you are going and when you expect to be back.",
          "Charge your phone before you go out, and take a power bank if the power has been cut in your area.",
          "For large items such as furniture, don't go alone into a stranger's home: take someone with you, or ask the seller to bring the item to the door.",
          "If anything feels wrong, such as a last-minute change of place, pressure to come alone or a different person turning up, leave. No deal is worth the risk.",
        ],
      },
      {
        title: "Handle payments securely",
        points: [
          "Never pay a deposit, a “reservation fee” or a shipping cost for an item you have not seen. This is the most common scam.",
          "Pay when you are holding the item and have checked it. For property, a deposit (عربون) is customary, but agree it in writing and only after you have checked the deed and the seller's identity.",
          "When paying in cash, count the money together in good light, and write the agreed price down so there is no doubt about the number of zeros.",
          "If you pay through a bank or a money-transfer office, use a well-known one and keep the receipt. Sellers: hand over the item only once the money has actually reached you; a screenshot of a transfer is not proof.",
          "A buyer who “accidentally” sends more than the price and asks you to return the difference is running a scam.",
        ],
      },
      {
        title: "Inspect thoroughly",
        points: [
          "Check the item in person and compare it with the photos and the description in the ad. Don't let the seller hurry you.",
          "Cars: match the chassis and engine numbers with the registration papers, look for signs of accident repairs and, if you can, have a mechanic you trust check it before you pay.",
          "Phones and laptops: make sure the device is not locked to someone else's iCloud or Google account, that its IMEI matches the box, and that the battery holds its charge.",
          "Property: visit in person, at different times of day if you can, and check the water, the electricity supply and the state of the building.",
          "Ask for the original invoice or warranty card where there is one, and make sure the person you are dealing with is the owner or is authorised by the owner.",
        ],
      },
      {
        title: "Protect your data",
        points: [
          "Never share a verification code sent to your phone, even if the other person says it is needed to “confirm the sale”. Whoever asks for it is trying to take over your WhatsApp or another account.",
          "Souqna will never ask you for your password, a verification code or your card details, whether by phone, message or e-mail.",
          "Don't send photos of your ID card, passport or family booklet to someone you haven't met. Show official documents in person, when the deal is being done.",
          "Don't open links from strangers that claim to be a payment page, a delivery tracker or a prize. Sign in to Souqna only on the Souqna website.",
          "Use a strong password that you don't use anywhere else, and sign out when you use a shared device. You don't need to give your home address; agree on a public meeting place instead.",
        ],
      },
      {
        title: "Local context",
        points: [
          "Prices on Souqna are in new Syrian pounds. Since 1 January 2026, one new pound equals 100 old pounds. If a price looks a hundred times too high or too low, ask which pound the other person means before you agree anything.",
          "Cars: a sale is complete only when ownership has been transferred at the transport directorate. Check that the papers match the car and the seller's identity and ask about unpaid fines or restrictions. Until the transfer is done, keep the registration and the signed sale contract with you when you drive, as you may be asked for them at checkpoints.",
          "Property: ask to see the title deed (الطابو) and check at the real estate registry that the seller is the registered owner and that there is no seizure or mortgage on the property. If someone is selling on the owner's behalf, check the power of attorney (وكالة) with the notary who issued it, to confirm that it is genuine, still valid and covers selling. For a property deal, a lawyer is money well spent.",
          "Power cuts: test electronics with a charged battery or on a working power source such as a generator, an inverter or solar power. Ask to see a fridge, washing machine or air conditioner actually running, not just switched on.",
          "Slow networks can delay messages and photos. Don't take silence as agreement: confirm the final price, place and time in a phone call.",
          "Buying from abroad for family in Syria? Ask a relative or friend you trust to see the item, check it and be there at the handover. Send money only through a channel you know, to someone you trust, and never to a seller nobody you know has met.",
        ],
      },
      {
        title: "After the sale",
        points: [
          "Write a short sale agreement: both names, the item, the price in new Syrian pounds, the date and both signatures. Keep a copy each.",
          "Keep receipts, transfer slips and your conversation until all the paperwork is finished.",
          "For cars and property, complete the official transfer promptly. Until it is registered, the previous owner remains the owner on paper, with all the responsibility that brings.",
          "Sellers: mark your listing as sold, or delete it, so that people stop contacting you about it.",
          "If you were cheated, report the listing or the member on Souqna and report the fraud to the police, taking everything you have kept with you.",
        ],
      },
    ],
    reportTitle: "Seen something suspicious?",
    reportNote:
      "Use the Report button on the listing to tell us about a suspicious ad or member. Our team reviews reports and removes listings and members that break our rules. If you are in immediate danger, contact the police first.",
  },

  terms: {
    metaTitle: "Terms and conditions",
    metaDescription:
      "The rules for using Souqna, the bilingual classifieds marketplace for Syria: accounts, posting ads, prohibited content, fees, liability and governing law.",
    title: "Terms and Conditions",
    lastUpdated: "Last updated: {{date}}",
    intro:
      "These terms set out the rules for using Souqna, including the website and any app that displays it. Please read them carefully: they explain what we do, what we expect from you and the limits of our responsibility.",
    tocTitle: "Contents",
    sections: [
      {
        title: "Acceptance of the terms",
        paragraphs: [
          "By using Souqna, creating an account or posting an ad, you agree to these terms. If you do not agree, please do not use the service.",
          "You must be at least 18 years old, or have the permission of a parent or guardian, to create an account and trade on Souqna.",
          "If you use Souqna on behalf of a business, you confirm that you are authorised to accept these terms on its behalf.",
        ],
      },
      {
        title: "Our services",
        paragraphs: [
          "Souqna is an online platform where people publish classified ads and contact each other to buy, sell, rent, hire or offer services. It is available in Arabic and English.",
          "Souqna is a mediation platform only. We do not own, sell, inspect or deliver the items advertised, we do not hold or transfer payments, and we are not a party to any agreement between users. Every deal is made directly between the buyer and the seller, who alone are responsible for it.",
          "We work to keep the service available and secure, but we may change, suspend or discontinue features, temporarily or permanently, for example for maintenance or because of circumstances beyond our control such as power or network outages.",
        ],
      },
      {
        title: "Registration and your account",
        paragraphs: [
          "Some features, such as posting ads, sending messages, saving favourites and seeing sellers' phone numbers, require an account. You agree to give accurate information and to keep it up to date.",
          "You are responsible for keeping your password secret and for everything done through your account. If you think someone else has used it, change your password and tell us straight away.",
          "Until you confirm your e-mail address, your account may be limited, for example in the number of ads you can post. Accounts opened to get around a suspension will be closed.",
          "We may suspend or close an account that breaks these terms, harms other users or puts the platform at risk.",
        ],
      },
      {
        title: "Posting ads",
        paragraphs: [
          "You may advertise only items and services that you own or are authorised to offer, and that may lawfully be sold in Syria.",
          "Your ad must be honest and accurate: a clear title, a true description, the right category, your own recent photos and a real price in new Syrian pounds. Do not hide defects you know about.",
          "Post each item once, in the most suitable category. Duplicate, misleading or bulk ads may be removed.",
          "You keep ownership of what you post, and you allow Souqna to store, display, resize and share your ad, including its photos, in order to run and promote the service for as long as the ad is published.",
          "We may hide or remove any ad that breaks these terms or the law, without notice. Please mark your ad as sold or delete it once the item is no longer available.",
        ],
      },
      {
        title: "Prohibited content",
        paragraphs: [
          "You may not advertise anything that is illegal in Syria, including weapons and ammunition, drugs and controlled medicines, stolen goods, counterfeit products, forged documents, antiquities and protected wildlife.",
          "You may not post content that is fraudulent or misleading, that insults any religion or community, that incites hatred or violence, that is sexual, or that invades someone's privacy, such as publishing a person's photo or phone number without their consent.",
          "Also prohibited: job ads that ask applicants to pay, pyramid and get-rich-quick schemes, requests for advance payment for items that do not exist, spam, deceptive links to other sites, and any attempt to collect other users' personal data.",
          "If you see content that breaks these rules, use the Report button on the listing or write to us at {{email}}. We may remove content and suspend accounts, and we cooperate with the competent authorities where the law requires it.",
        ],
      },
      {
        title: "Fees",
        paragraphs: [
          "Browsing, creating an account and posting standard ads on Souqna are free.",
          "We may offer optional paid services, such as featured ads. Fees apply only to services you choose, and we will announce their price and conditions in advance, before you are charged anything.",
          "Fees paid for a service are non-refundable, including when you delete your ad early or when it is removed for breaking these terms, except where Syrian law requires a refund.",
          "Souqna does not collect or hold the money that buyers and sellers pay each other.",
        ],
      },
      {
        title: "Disclaimer and limitation of liability",
        paragraphs: [
          "Ads are written and published by users. We do not check every ad, and we do not guarantee the quality, safety, legality or accuracy of the items, of the ads or of the users who post them, nor that any deal will be completed.",
          "The service is provided “as is” and “as available”. We do not guarantee that it will be uninterrupted or free of errors, especially during power or network outages.",
          "As far as the law allows, Souqna is not liable for any loss or damage arising from dealings between users, from reliance on an ad, or from being unable to use the service. Any dispute about a deal is between the buyer and the seller.",
          "The approximate US dollar values shown next to prices are for guidance only and use a recent exchange rate; the price in Syrian pounds set by the seller is the one that counts.",
          "You are responsible for any claim made against Souqna because of your ads or your breach of these terms.",
        ],
      },
      {
        title: "Changes to these terms",
        paragraphs: [
          "We may update these terms as the service develops or the law changes. The date at the top of this page shows when they last changed.",
          "If a change is significant, we will tell you in advance on the site or by e-mail. If you keep using Souqna after a change takes effect, you accept the new terms; if you do not accept them, you may close your account at any time.",
        ],
      },
      {
        title: "Governing law",
        paragraphs: [
          "These terms are governed by the laws of the Syrian Arab Republic.",
          "If a disagreement arises, please contact us first at {{email}} so that we can try to resolve it amicably. A dispute that cannot be resolved this way falls under the jurisdiction of the competent Syrian courts.",
        ],
      },
    ],
    contactTitle: "Questions?",
    contact: "Questions about these terms? Write to us at {{email}}.",
    contactButton: "E-mail us",
  },
  // /install: adding Souqna to a phone's home screen (the footer's app links lead here). Each
  // list's steps pair with their icons by position (routes/install.tsx).
  install: {
    metaTitle: "Install Souqna on your phone",
    metaDescription:
      "Souqna works like an app on Android and iPhone: add it to your home screen in a few seconds, with no app store.",
    title: "Install Souqna on your phone",
    intro:
      "Souqna works like an app: it opens from your home screen, keeps the listings you opened for when the connection drops, and can tell you when someone replies. There is nothing to download from a store: it takes a few seconds and almost no space.",
    now: "Install now",
    nowHint: "Your browser can install Souqna straight away.",
    installed: "Souqna is installed on this device: open it from your home screen.",
    stepsLabel: "Steps",
    android: {
      title: "On Android (Chrome)",
      steps: [
        "Open Souqna in Chrome.",
        "Tap the menu ⋮ at the top of the screen.",
        "Tap “Install app” or “Add to Home screen”.",
        "Tap “Install”. Souqna's icon appears on your home screen.",
      ],
    },
    ios: {
      title: "On iPhone and iPad (Safari)",
      steps: [
        "Open Souqna in Safari.",
        "Tap the Share button at the bottom of the screen.",
        "Scroll down and tap “Add to Home Screen”.",
        "Tap “Add”. Souqna's icon appears on your home screen.",
      ],
    },
    other:
      "Other browsers (Samsung Internet, Edge, Firefox) have the same choice in their menu, often called “Add to Home screen”.",
  },
} as const;

export default pages;
