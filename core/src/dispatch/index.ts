/**
 * Dispatch (issues 22 and 32, decisions 081 and 106): who does which job
 * when. The admin's Today and dispatch board (dispatch.ts, board.ts),
 * moving a job to another technician (reassign.ts), a technician's own day
 * (tech-day.ts) and the state a job shows (job-state.ts). The technicians'
 * days themselves (`Crew`, the item a booking's claim writes) stand below
 * booking in crew/; dispatch stands above booking and reads them.
 */
export * as Dispatch from './namespace';
