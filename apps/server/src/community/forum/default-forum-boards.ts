import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { forumBoards } from '../../platform/db/schema/community.ts'

type Texts = Record<'cs' | 'en' | 'hu' | 'pl' | 'ro' | 'sk', string>

interface DefaultBoard {
  readonly key: string
  readonly partnersOnly: boolean
  readonly titles: Texts
  readonly descriptions: Texts
}

/** The boards a new shop starts with; the back office renames, orders and adds to them. */
export const DEFAULT_FORUM_BOARDS: readonly DefaultBoard[] = [
  {
    key: 'frames-and-fit',
    partnersOnly: false,
    titles: {
      cs: 'Obruby a jejich padnutí',
      en: 'Frames and fit',
      hu: 'Keretek és illeszkedés',
      pl: 'Oprawki i dopasowanie',
      ro: 'Rame și potrivire',
      sk: 'Rámy a ich sedenie',
    },
    descriptions: {
      cs: 'Tvary, velikosti a jak má obruba sedět na obličeji.',
      en: 'Shapes, sizes and how a frame should sit on the face.',
      hu: 'Formák, méretek, és hogyan üljön a keret az arcon.',
      pl: 'Kształty, rozmiary i jak oprawka powinna leżeć na twarzy.',
      ro: 'Forme, mărimi și cum trebuie să stea rama pe față.',
      sk: 'Tvary, veľkosti a ako má rám sedieť na tvári.',
    },
  },
  {
    key: 'lenses-and-optics',
    partnersOnly: false,
    titles: {
      cs: 'Čočky a optika',
      en: 'Lenses and optics',
      hu: 'Lencsék és optika',
      pl: 'Soczewki i optyka',
      ro: 'Lentile și optică',
      sk: 'Šošovky a optika',
    },
    descriptions: {
      cs: 'Skla, filtry, dioptrie a vše kolem vidění.',
      en: 'Lenses, filters, prescriptions and all things seeing.',
      hu: 'Lencsék, szűrők, dioptria és minden, ami a látással kapcsolatos.',
      pl: 'Szkła, filtry, dioptrie i wszystko o widzeniu.',
      ro: 'Lentile, filtre, dioptrii și tot ce ține de vedere.',
      sk: 'Sklá, filtre, dioptrie a všetko okolo videnia.',
    },
  },
  {
    key: 'spare-parts',
    partnersOnly: false,
    titles: {
      cs: 'Náhradní díly',
      en: 'Spare parts',
      hu: 'Alkatrészek',
      pl: 'Części zamienne',
      ro: 'Piese de schimb',
      sk: 'Náhradné diely',
    },
    descriptions: {
      cs: 'Stranice, nosníky, šroubky a opravy.',
      en: 'Temples, nose pads, screws and repairs.',
      hu: 'Szárak, orrpárnák, csavarok és javítások.',
      pl: 'Zauszniki, noski, śrubki i naprawy.',
      ro: 'Brațe, plăcuțe nazale, șuruburi și reparații.',
      sk: 'Stranice, nosníky, skrutky a opravy.',
    },
  },
  {
    key: 'for-opticians',
    partnersOnly: true,
    titles: {
      cs: 'Pro optiky',
      en: 'For opticians',
      hu: 'Optikusoknak',
      pl: 'Dla optyków',
      ro: 'Pentru optici',
      sk: 'Pre optikov',
    },
    descriptions: {
      cs: 'Výměna zkušeností mezi partnery; psát mohou schválení partneři.',
      en: 'Partners sharing their experience; approved partners may post.',
      hu: 'Partnerek tapasztalatcseréje; jóváhagyott partnerek írhatnak.',
      pl: 'Wymiana doświadczeń partnerów; pisać mogą zatwierdzeni partnerzy.',
      ro: 'Schimb de experiență între parteneri; pot scrie partenerii aprobați.',
      sk: 'Výmena skúseností medzi partnermi; písať môžu schválení partneri.',
    },
  },
]

/**
 * Inserts, at start, every default board whose key is missing; a board the staff renamed,
 * reordered or whose key they kept is never touched. Returns how many were inserted.
 */
export async function ensureDefaultForumBoards(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('optika.default-forum-boards'))`)
    const inserted = await tx
      .insert(forumBoards)
      .values(
        DEFAULT_FORUM_BOARDS.map((board, position) => ({
          key: board.key,
          titles: board.titles,
          descriptions: board.descriptions,
          partnersOnly: board.partnersOnly,
          position,
        })),
      )
      .onConflictDoNothing({ target: forumBoards.key })
      .returning({ id: forumBoards.id })
    return inserted.length
  })
}
