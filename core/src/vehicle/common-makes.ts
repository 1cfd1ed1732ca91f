/**
 * The makes the shop's forms offer (decision 029): the passenger cars, SUVs,
 * minivans and light pickups people in the US actually bring to a mobile
 * shop, as vPIC spells them (upper case) with the name the page shows. vPIC
 * lists over a thousand "car" and "MPV" makes (coachbuilders, kit cars,
 * importers of a single model); a dropdown of those is no help. Pure: the
 * server filters vPIC's list with it, and the web may show the names.
 */
export const COMMON_MAKES: readonly { vpic: string; name: string }[] = [
  { vpic: 'ACURA', name: 'Acura' },
  { vpic: 'AUDI', name: 'Audi' },
  { vpic: 'BMW', name: 'BMW' },
  { vpic: 'BUICK', name: 'Buick' },
  { vpic: 'CADILLAC', name: 'Cadillac' },
  { vpic: 'CHEVROLET', name: 'Chevrolet' },
  { vpic: 'CHRYSLER', name: 'Chrysler' },
  { vpic: 'DODGE', name: 'Dodge' },
  { vpic: 'FORD', name: 'Ford' },
  { vpic: 'GMC', name: 'GMC' },
  { vpic: 'HONDA', name: 'Honda' },
  { vpic: 'HYUNDAI', name: 'Hyundai' },
  { vpic: 'INFINITI', name: 'Infiniti' },
  { vpic: 'JEEP', name: 'Jeep' },
  { vpic: 'KIA', name: 'Kia' },
  { vpic: 'LEXUS', name: 'Lexus' },
  { vpic: 'LINCOLN', name: 'Lincoln' },
  { vpic: 'MAZDA', name: 'Mazda' },
  { vpic: 'MERCEDES-BENZ', name: 'Mercedes-Benz' },
  { vpic: 'MITSUBISHI', name: 'Mitsubishi' },
  { vpic: 'NISSAN', name: 'Nissan' },
  { vpic: 'RAM', name: 'Ram' },
  { vpic: 'SUBARU', name: 'Subaru' },
  { vpic: 'TESLA', name: 'Tesla' },
  { vpic: 'TOYOTA', name: 'Toyota' },
  { vpic: 'VOLKSWAGEN', name: 'Volkswagen' },
  { vpic: 'VOLVO', name: 'Volvo' },
];

/** The common make a name stands for, whatever its case ('toyota', 'TOYOTA', 'Toyota'); undefined for others. */
export function commonMake(name: string): { vpic: string; name: string } | undefined {
  const wanted = name.trim().toUpperCase();
  return COMMON_MAKES.find((make) => make.vpic === wanted);
}
