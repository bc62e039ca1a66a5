import { additiveNumber, classifySubstances } from '@shop/shared/domain/allergens';
import { de } from '../../texts';
import css from './item.module.css';

/** Allergens, additives, meat types and diets of a code list, with their legend numbers and letters. */
export function SubstanceLegend({ codes }: { codes: readonly string[] }) {
  const c = classifySubstances(codes);
  if (c.allergens.length + c.additives.length + c.meat.length + c.diets.length === 0) {
    return <p className={css.noInfo}>{de.menu.noAllergenInfo}</p>;
  }
  return (
    <div data-testid="substance-legend">
      {c.allergens.length > 0 ? (
        <>
          <h3 className={css.groupName}>{de.menu.containsAllergens}</h3>
          <ul className={css.codeList}>
            {c.allergens.map((a) => (
              <li key={a} data-testid={`allergen-${a}`}>
                <span className={css.code}>{a}</span>
                {de.menu.allergens[a]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {c.additives.length > 0 ? (
        <>
          <h3 className={css.groupName}>{de.menu.containsAdditives}</h3>
          <ul className={css.codeList}>
            {c.additives.map((z) => (
              <li key={z} data-testid={`additive-${z}`}>
                <span className={css.code}>{additiveNumber(z)}</span>
                {de.menu.additives[z]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {c.meat.length > 0 ? (
        <>
          <h3 className={css.groupName}>{de.menu.meatTypes}</h3>
          <ul className={css.codeList}>
            {c.meat.map((m) => (
              <li key={m}>{de.menu.meat[m]}</li>
            ))}
          </ul>
        </>
      ) : null}
      {c.diets.length > 0 ? (
        <>
          <h3 className={css.groupName}>{de.menu.diets}</h3>
          <ul className={css.codeList}>
            {c.diets.map((d) => (
              <li key={d}>{de.menu.dietCodes[d]}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
