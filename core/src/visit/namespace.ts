/** What `Visit` offers (index.ts says what the visit is). */
export { PROGRESS_STEPS, ProgressInput, progressMessages, recordProgress } from './progress';
export { type Tracking, tracking, trackingMessages, type TrackState } from './tracking';
export { addPhoto, deleteDuePhotos, photoBytes, photosOf } from './photos';
