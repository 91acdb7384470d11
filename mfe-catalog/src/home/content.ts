// The home page's testimonials (SPEC §2: placeholder content): their texts are the catalogue's (issue 37),
// named here by their keys. The hero's slides and the promotion banners are the owner's (issue 38, 17:
// GET /api/content, written in the back office's Content page).

/** A customer's name is theirs in every language; what they said and where they live are translated. */
export const TESTIMONIALS = [
  { quote: 'home.said1.quote', name: 'Amelia Hart', place: 'home.said1.place' },
  { quote: 'home.said2.quote', name: 'Sofia Marín', place: 'home.said2.place' },
  { quote: 'home.said3.quote', name: 'Priya Nair', place: 'home.said3.place' },
  { quote: 'home.said4.quote', name: 'Daniel Okafor', place: 'home.said4.place' },
] as const;
