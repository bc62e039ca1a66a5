import type { MenuItem } from '@shop/shared/contract';
import { de } from '../../texts';
import { SubstanceLegend } from './Substances';
import css from './item.module.css';

/** Feature groups (merkmalgruppen): key/value rows, indented by params.indent. */
export function FeatureGroups({ item }: { item: MenuItem }) {
  if (!item.merkmalgruppen?.length) return null;
  return (
    <div data-testid="merkmalgruppen">
      {item.merkmalgruppen.map((group) => (
        <div key={group.name}>
          <h3 className={css.groupName}>{group.name}</h3>
          <table className={css.kv}>
            <tbody>
              {group.keyValues.map((kv) => (
                <tr key={`${kv.key}-${kv.value}`}>
                  <td style={{ paddingLeft: (kv.params?.indent ?? 0) * 16 }} data-indent={kv.params?.indent ?? 0}>
                    {kv.key}
                  </td>
                  <td>{kv.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

/**
 * Accordion panels Inhaltsstoffe, Nährwerte, Allergene & Zusatzstoffe (the legend follows the
 * chosen options); ticket items hide the allergen panels.
 */
export function InfoPanels({ item, codes }: { item: MenuItem; codes: readonly string[] }) {
  if (item.ticket) return null;
  return (
    <div className={css.accordion} data-testid="info-panels">
      <details className={css.accItem}>
        <summary>{de.menu.panelIngredients}</summary>
        <div className={css.accBody}>
          {item.inhaltsstoffe ? <p>{item.inhaltsstoffe}</p> : <p className={css.noInfo}>{item.descriptionDE}</p>}
          {item.customAllergene ? <p>{item.customAllergene}</p> : null}
        </div>
      </details>
      {item.nutritions?.length ? (
        <details className={css.accItem}>
          <summary>{de.menu.panelNutrition}</summary>
          <div className={css.accBody}>
            <p className={css.noInfo}>{de.menu.nutritionPer100}</p>
            <table className={css.kv}>
              <tbody>
                {item.nutritions.map((n) => (
                  <tr key={n.key}>
                    <td>{n.key}</td>
                    <td>{n.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
      <details className={css.accItem} data-testid="allergen-panel">
        <summary>{de.menu.panelAllergens}</summary>
        <div className={css.accBody}>
          <SubstanceLegend codes={codes} />
        </div>
      </details>
    </div>
  );
}
