/**
 * Customer testimonials (doc 1 §3, doc 2 §3): the testimonials page, the
 * about page's carousel (the featured ones) and one vote per user (decision 010).
 *
 * The namespace's members live in one file per job (namespace.ts lists them).
 */
export * as Testimonial from './namespace';
