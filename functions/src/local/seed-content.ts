import type { GoogleReviews } from '@app/core/google-reviews/index';
import type { Post } from '@app/core/post/index';
import type { Testimonial } from '@app/core/testimonial/index';
import { seedImageNames } from './seed-images';

/**
 * The public site's demo content (issue 4): testimonials, blog posts and
 * sample Google reviews. Fixed ids, so the seed can run again without
 * duplicates; the posts have fixed dates, the testimonials dates relative to
 * the seed's time.
 */
const image = (name: string) => `/images/${name}`;
const id = (prefix: 'tst' | 'pst' | 'usr', n: number) => `${prefix}_01JSEED${String(n).padStart(19, '0')}`;

/** Votes by demo accounts that do not exist: they only make the counts non-zero. */
const voters = (from: number, count: number) => Array.from({ length: count }, (_, i) => id('usr', from + i));

/**
 * The testimonials, dated back from `now` (the seed's time), so the newest is a few days old on
 * every machine and the page never looks abandoned. `ago(days, hour, minute)`: that many days
 * before `now`, at that UTC time of day.
 */
export function seedTestimonials(now: Date): Testimonial.CreateInput[] {
  const ago = (days: number, hour: number, minute: number) => {
    const at = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    at.setUTCHours(hour, minute, 0, 0);
    return at.toISOString();
  };
  return [
    {
      testimonialId: id('tst', 1),
      author: { firstName: 'Megan', lastName: 'Whitfield' },
      profileImageUrl: image(seedImageNames.avatar(1)),
      service: { _id: 'svc_01JSEED0000000000000000005', name: 'Brake Pad Replacement' },
      rating: 5,
      quote:
        'They replaced my front brake pads in my office parking lot while I was in meetings. Fair price, clear explanation, and the car stops like new.',
      ownerResponse:
        'Thank you, Megan! We are glad we could keep your day on schedule. See you at the next oil change.',
      featured: true,
      likes: voters(101, 7),
      dislikes: voters(201, 1),
      createdAt: ago(3, 14, 20),
    },
    {
      testimonialId: id('tst', 2),
      author: { firstName: 'Daniel', lastName: 'Okafor' },
      profileImageUrl: image(seedImageNames.avatar(2)),
      service: { _id: 'svc_01JSEED0000000000000000007', name: 'Full Interior & Exterior Detail' },
      rating: 5,
      quote:
        'Two kids, one dog and a minivan that had seen better days. After the full detail it honestly smells and looks like the day we bought it.',
      featured: true,
      likes: voters(111, 5),
      createdAt: ago(12, 17, 5),
    },
    {
      testimonialId: id('tst', 3),
      author: { firstName: 'Priya', lastName: 'Raman' },
      profileImageUrl: image(seedImageNames.avatar(3)),
      service: { _id: 'svc_01JSEED0000000000000000004', name: 'Engine Diagnostic' },
      rating: 4,
      quote:
        'The check-engine light turned out to be a loose gas cap and a tired O2 sensor. Honest diagnosis and no upselling. Arrival was 20 minutes later than planned, but they called ahead.',
      featured: true,
      likes: voters(121, 3),
      createdAt: ago(20, 12, 45),
    },
    {
      testimonialId: id('tst', 4),
      // No author: the page shows 'Anonymous' and the default avatar.
      service: { _id: 'svc_01JSEED0000000000000000001', name: 'Mobile Oil Change' },
      rating: 5,
      quote:
        'Oil change in my driveway before 9 am. I did not even have to put my shoes on. Will book again.',
      likes: voters(131, 2),
      createdAt: ago(34, 8, 55),
    },
    {
      testimonialId: id('tst', 5),
      author: { firstName: 'Tom', lastName: 'Kowalski' },
      profileImageUrl: image(seedImageNames.avatar(4)),
      service: { _id: 'svc_01JSEED0000000000000000006', name: 'A/C Recharge' },
      rating: 3,
      quote:
        'The A/C blows cold again, which is what I paid for. Booking online took two tries, so the stars are for the website, not the technician.',
      dislikes: voters(211, 1),
      createdAt: ago(47, 19, 30),
    },
    {
      testimonialId: id('tst', 6),
      author: { firstName: 'Grace', lastName: 'Liu' },
      profileImageUrl: image(seedImageNames.avatar(5)),
      service: { _id: 'svc_01JSEED0000000000000000003', name: 'Headlight Restoration' },
      rating: 5,
      quote:
        'My headlights were yellow and foggy; now they are crystal clear. Night driving on Route 202 is so much better.',
      featured: true,
      likes: voters(141, 4),
      createdAt: ago(61, 15, 10),
    },
    {
      testimonialId: id('tst', 7),
      author: { firstName: 'Marcus', lastName: 'Bell' },
      profileImageUrl: image(seedImageNames.avatar(6)),
      service: { _id: 'svc_01JSEED0000000000000000002', name: 'Battery Test & Replacement' },
      rating: 2,
      quote:
        'The new battery works fine, but I waited most of the morning for the visit. Friendly technician, though.',
      ownerResponse:
        'Marcus, we are sorry about the wait. That morning a tow blocked our van on the bypass; we have since added a text alert when we run late.',
      createdAt: ago(83, 10, 0),
    },
  ];
}

export const seedPosts: Post.CreateInput[] = [
  {
    postId: id('pst', 1),
    slug: 'winter-car-care-checklist',
    title: 'Winter Car Care Checklist for Chester County Drivers',
    summary:
      'Cold mornings are hard on batteries, tires and wipers. Here is the seven-point checklist our technicians run before the first frost, and what you can check yourself in ten minutes.',
    heroImage: image(seedImageNames.winterHero),
    author: { firstName: 'Mike', lastName: 'Donnelly' },
    allowLikes: true,
    allowComments: true,
    likes: voters(301, 6),
    createdAt: '2025-05-20T13:00:00.000Z',
    content: `Cold mornings in West Chester are hard on a car. A battery loses about a third of its strength at freezing, and tires lose roughly one PSI for every ten degrees the temperature drops.

## The seven-point checklist

1. **Battery**: have it load-tested if it is older than three years.
2. **Tires**: check the pressure monthly and the tread depth before the first snow.
3. **Wipers and washer fluid**: switch to a winter-rated fluid.
4. **Coolant**: test the freeze protection, not just the level.
5. **Lights**: clean, clear headlights matter when the sun sets at 4:45 pm.
6. **Brakes**: listen for squeals and feel for pulsing.
7. **Emergency kit**: blanket, scraper, phone charger and a small shovel.

## The ten-minute check you can do yourself

- Walk around the car and look at every light while someone works the switches.
- Put a penny in the tread, Lincoln's head down. If you can see all of his head, it is time for new tires.

![A penny in a tire groove: the penny test](${image(seedImageNames.treadPicture)})

> Tip: the tire pressure printed on the door jamb is the one to use, not the number on the tire itself.

## Where to learn more

- The [NHTSA winter driving tips](https://www.nhtsa.gov/winter-driving-tips) cover what to keep in the car.
- PennDOT posts road conditions at [511PA](https://www.511pa.com/).

Want us to run the full checklist in your driveway? [Book a service](/services) or [send us a question](/contact).
`,
  },
  {
    postId: id('pst', 2),
    slug: 'five-signs-your-brakes-need-attention',
    title: 'Five Signs Your Brakes Need Attention',
    heroImage: image(seedImageNames.brakesHero),
    author: { firstName: 'Ana', lastName: 'Torres' },
    allowLikes: true,
    allowComments: false,
    likes: voters(311, 3),
    createdAt: '2025-04-08T15:30:00.000Z',
    content: `Brakes rarely fail all at once. They warn you first, and catching the warning early is usually the difference between new pads and new rotors.

## 1. A high-pitched squeal

Most pads have a small metal tab, the *wear indicator*, that squeals against the rotor when the pad is nearly worn out.

## 2. Grinding

Grinding means metal on metal. Stop driving the car if you can and call a technician: the rotor is being damaged with every stop.

## 3. A pulsing pedal

A pedal that pulses under steady braking usually points to uneven rotor wear.

## 4. Pulling to one side

- A sticking caliper
- A collapsed brake hose
- Uneven pad wear

## 5. A soft or sinking pedal

This can mean air or moisture in the brake fluid. Brake fluid absorbs water over time, which is why most makers recommend a flush every two to three years.

### What a brake visit looks like

Our technician measures pad thickness and rotor runout, checks the fluid, and shows you the numbers before any work starts. See the [Brake Pad Replacement](/services) service for prices.
`,
  },
  {
    postId: id('pst', 3),
    slug: 'ceramic-coating-vs-wax',
    title: 'Ceramic Coating vs. Wax: Which Is Right for Your Car?',
    summary:
      'Wax is cheap and quick; ceramic coating lasts years. We compare cost, protection and upkeep so you can choose.',
    heroImage: image(seedImageNames.ceramicHero),
    // No author: the pages show 'Admin'.
    allowLikes: false,
    allowComments: true,
    createdAt: '2025-02-25T11:00:00.000Z',
    content: `Both protect your paint. They differ in how long they last, what they cost, and how much care they need.

## Wax

- **Lasts:** 6 to 8 weeks
- **Cost:** low; often part of a detail
- **Best for:** drivers who enjoy a regular hand wash

## Ceramic coating

- **Lasts:** 2 to 5 years with proper care
- **Cost:** higher up front, because the paint is corrected first
- **Best for:** new cars, dark colors, and anyone who parks outside

## Our take

- **Water beading:** good with wax, excellent with a coating.
- **Scratch resistance:** minimal with wax; a coating resists light swirls.
- **Upkeep:** wax needs re-applying often; a coating needs gentle washes and a yearly check.

If you are not sure, start with a [full detail](/services) and ask our technician to measure your paint. Questions? [Write to us](mailto:info@mobileautocare.example).
`,
  },
];

/** Sample reviews in the Google reviews shape, served from the cache item like fetched ones. */
export const seedGoogleReviews: GoogleReviews.Review[] = [
  {
    profile_photo_url: image(seedImageNames.avatar(2)),
    author_name: 'Jessica Moreno',
    author_url: 'https://www.google.com/maps/contrib/100000000000000000011/reviews',
    relative_time_description: '2 weeks ago',
    rating: 5,
    text: 'Booked a mobile oil change for my Subaru and the technician arrived right on time. Quick, clean, and they even topped off my washer fluid.',
    time: 1747300000,
  },
  {
    profile_photo_url: image(seedImageNames.avatar(5)),
    author_name: 'Robert Chen',
    author_url: 'https://www.google.com/maps/contrib/100000000000000000012/reviews',
    relative_time_description: 'a month ago',
    rating: 4,
    text: 'Good work on my headlights. Took a little longer than quoted but the result is great.',
    time: 1745200000,
  },
  {
    profile_photo_url: image(seedImageNames.avatar(1)),
    author_name: 'Linda Fairbanks',
    author_url: 'https://www.google.com/maps/contrib/100000000000000000013/reviews',
    relative_time_description: '3 months ago',
    rating: 5,
    text: 'My car would not start on a Monday morning. They tested the battery, replaced it in my driveway and I made it to work by ten.',
    time: 1740000000,
  },
  {
    profile_photo_url: image(seedImageNames.avatar(6)),
    author_name: 'Kevin Osei',
    author_url: 'https://www.google.com/maps/contrib/100000000000000000014/reviews',
    relative_time_description: '5 months ago',
    rating: 4.6,
    text: 'Very convenient service and fair prices. Will use again for the next detail.',
    time: 1734000000,
  },
];
