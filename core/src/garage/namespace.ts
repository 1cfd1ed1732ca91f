/**
 * What `Garage` offers the rest of the app (index.ts names it, issue 34): the shape (model.ts,
 * store.ts: decision 117), the customer's and the desk's verbs,
 * the vehicle a booking is for, and the VIN decode. The pure rules (vin.ts, class.ts, rules.ts)
 * are imported by path, by the web too.
 */
export * from './model';
export * from './store';
export { attach, type Attached } from './attach';
export { decode, decodeMessages, useFetch } from './decode';
export {
  addFor,
  addMileageFor,
  addMileageMine,
  addMine,
  editFor,
  editMine,
  findMine,
  findOf,
  garageMessages,
  listFor,
  listMine,
  removeFor,
  removeMine,
} from './garage';
export { MileageInput, VehicleInput } from './input';
export { vinMessages } from './vin';
