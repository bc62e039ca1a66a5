import { useEffect, useMemo, useRef, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { emit } from '@shop/shared/bus';
import type { MenuCategory, MenuItem, ProductLine, VariantStep } from '@shop/shared/contract';
import {
  addExtraPortion,
  chooseInDropdown,
  chooseSize,
  configFromLine,
  extraPortions,
  finalSelection,
  freeArticlesLeft,
  initialConfig,
  isOptionSelected,
  maxOptionsOf,
  missingChoice,
  removeExtraPortion,
  sanitizeConfig,
  selectedIdsOf,
  setCount,
  setNotes,
  stepControl,
  toggleOption,
  toggleStyle,
  visibleStepIndexes,
  type ItemConfig,
} from '@shop/shared/domain/configurator';
import {
  costForVol,
  includedOptionIds,
  isBasePriceDecided,
  isHiddenVol,
  optionDetails,
  optionTitle,
  priceSelection,
  sizePriceFor,
  stepTitle,
} from '@shop/shared/domain/line-pricing';
import { avoidedAllergens, selectionSubstances, substanceSummary } from '@shop/shared/domain/allergens';
import { formatEuro } from '@shop/shared/domain/money';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { isSoldOut, isBuyable } from '@shop/shared/domain/add-to-cart-rules';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { useStore } from '@shop/shared/react';
import { pathTo } from '@shop/shared/routes';
import { cartLockStore, offersStore } from '@shop/shared/stores';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { preferencesStore } from '@shop/shared/stores/preferences';
import { allergenShortName } from '@shop/shared/ui/allergen-chips';
import { Button, Icon, QuantityStepper } from '@shop/shared/ui';
import { addToCart } from '../../data/add-to-cart';
import { lineShownTotal, oldPrice, undecidedFromPrice } from '../../data/prices';
import { orderTimesText } from '../../data/order-times';
import type { MenuShopContext } from '../../data/shop-context';
import { SubstanceLegend } from './Substances';
import css from './item.module.css';

export interface OrderPanelProps {
  readonly item: MenuItem;
  readonly category: MenuCategory;
  readonly context: MenuShopContext;
  /** Edit this cart line (query cartItemId) instead of adding a new one. */
  readonly editLine?: ProductLine | undefined;
  /** Inline in a list (small screens): fewer headings. */
  readonly compact?: boolean;
  /** Reports the configuration, so the page's allergen panel follows the chosen options. */
  readonly onConfigChange?: (config: ItemConfig) => void;
}

function costLabel(cost: number): string | null {
  return cost > 0 ? `+ ${formatEuro(cost)}` : null;
}

/**
 * The item configurator and add-to-cart (requirements#screens Item detail, requirements#item-configuration):
 * size picker, variant steps as radio, checkbox or dropdown (with 'ohne' and '+ Extra Portion'),
 * 'Deine Extras:', quantity, note, the live price with 'inkl. MwSt.', and 'Weiter' after adding.
 */
export function OrderPanel({ item, category, context, editLine, compact, onConfigChange }: OrderPanelProps) {
  const [config, setConfig] = useState<ItemConfig>(() => (editLine ? configFromLine(item, editLine) : initialConfig(item)));
  const [showOptions, setShowOptions] = useState(false);
  const [added, setAdded] = useState(false);
  const [showContinue, setShowContinue] = useState(false);
  const [busy, setBusy] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [limitStep, setLimitStep] = useState<number | null>(null);
  const continueTimer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);

  // The menu may be reloaded in the background: keep the choice valid against the new item.
  useEffect(() => setConfig((c) => sanitizeConfig(item, c)), [item]);
  useEffect(() => onConfigChange?.(config), [config, onConfigChange]);
  // Item detail: options show after 100 ms (requirements#constants).
  useEffect(() => {
    const id = window.setTimeout(() => setShowOptions(true), SHOP_CONSTANTS.itemOptionsDelayMs);
    return () => window.clearTimeout(id);
  }, []);
  useEffect(() => () => window.clearTimeout(continueTimer.current), []);

  const change = (next: ItemConfig) => {
    setConfig(next);
    setHighlight(null);
    if (added) {
      setAdded(false);
      setShowContinue(false);
      window.clearTimeout(continueTimer.current);
    }
  };

  const priced = useMemo(() => priceSelection(item, finalSelection(config), context.mode), [item, config, context.mode]);
  const offers = useStore(offersStore);
  // An add during the 3 s lock after a restore waits for it: said at once, not silently (docs/requirements.md#cart-protection).
  const lockedUntil = useStore(cartLockStore);
  const waitingForCart = busy && isCartLocked(lockedUntil, Date.now());
  // Options and add-ons containing an allergen the guest avoids are marked (docs/requirements.md#item-configuration).
  const excluded = useStore(preferencesStore).allergenes;
  // What the chosen configuration contains (the inline configurator's allergen panel).
  const codes = useMemo(() => selectionSubstances(item, config), [item, config]);
  const lineTotal = lineShownTotal(item, { vol: config.vol, count: config.count, ...priced }, context.mode, offers, Date.now());
  const visible = visibleStepIndexes(item, config);
  // 'ab …' only until the base price is decided (a size of Your Own Bowl, a combination), not until every step is chosen.
  const from = undecidedFromPrice(item, priced.unitPrice, isBasePriceDecided(item, finalSelection(config)), context.mode);
  const times = orderTimesText(item.orderTimes ?? category.orderTimes);
  const showSizes = item.sizes.length > 1 || !isHiddenVol(item.sizes[0]?.vol ?? '');
  const soldOut = isSoldOut(context.features.enableBestand ? item : { ...item, bestand: undefined });
  const buyable = isBuyable(item);
  const canEdit = editLine !== undefined;

  const onToggle = (stepIndex: number, optionId: string) => {
    const result = toggleOption(item, config, stepIndex, optionId);
    if (!result.ok) {
      setLimitStep(stepIndex);
      emit('shell:overlay', { kind: 'snackbar', text: fill(de.menu.maxOptions, { n: result.max }) });
      return;
    }
    setLimitStep(null);
    change(result.config);
  };

  const onAdd = async () => {
    if (busy) return;
    const missing = missingChoice(item, config);
    if (missing) {
      setHighlight(missing.stepIndex);
      root.current?.querySelector(`[data-step-index="${missing.stepIndex}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }
    setBusy(true);
    try {
      const outcome = await addToCart({ item, category, config, context, editCartItemId: editLine?.cartItemId });
      if (outcome === 'added' || outcome === 'merged' || outcome === 'updated' || outcome === 'ignored') {
        setAdded(true);
        window.clearTimeout(continueTimer.current);
        // After a successful add the button stops blinking and 'Weiter' appears after 900 ms.
        continueTimer.current = window.setTimeout(() => setShowContinue(true), SHOP_CONSTANTS.continueButtonDelayMs);
      }
    } finally {
      setBusy(false);
    }
  };

  const renderStep = (stepIndex: number) => {
    const step = item.extras.variants[stepIndex]!;
    const control = stepControl(step);
    const selected = selectedIdsOf(config, stepIndex);
    const free = step.freeArticles ? freeArticlesLeft(item, config, stepIndex) : 0;
    // The chosen options that count as included, as priceSelection counts them (the most expensive).
    const freeChosen = includedOptionIds(step, selected, config.vol);
    const hints: string[] = [];
    if (step.optional || step.implicit) hints.push(de.menu.optionalHint);
    else hints.push(de.menu.requiredHint);
    if (step.multi) hints.push(fill(de.menu.maxOptionsHint, { n: maxOptionsOf(step) }));
    if (step.freeArticles) hints.push(fill(de.menu.freeArticlesHint, { n: step.freeArticles }));
    const titleId = `step-${item.id}-${stepIndex}`;
    const errorId = `${titleId}-error`;
    const showsError = highlight === stepIndex || limitStep === stepIndex;
    return (
      <fieldset
        key={stepIndex}
        className={[css.step, highlight === stepIndex ? css.stepMissing : ''].join(' ')}
        data-testid={`step-${stepIndex}`}
        data-step-index={stepIndex}
        aria-labelledby={titleId}
        aria-describedby={showsError ? errorId : undefined}
      >
        <div className={css.stepHead}>
          <h2 className={css.stepTitle} id={titleId}>
            {stepTitle(step)}
          </h2>
          <span className={css.stepHint}>{hints.join(' · ')}</span>
        </div>
        {/* Tied to the step (aria-describedby); the missing choice is also announced, the limit is by its snackbar. */}
        {highlight === stepIndex ? (
          <p className={css.stepError} role="alert" id={errorId}>
            {fill(de.menu.missingChoice, { title: stepTitle(step) })}
          </p>
        ) : limitStep === stepIndex ? (
          <p className={css.stepError} id={errorId}>
            {fill(de.menu.maxOptions, { n: maxOptionsOf(step) })}
          </p>
        ) : null}
        {control === 'dropdown' ? (
          <StepSelect
            step={step}
            value={selected[0] ?? ''}
            vol={config.vol}
            included={(step.freeArticles ?? 0) > 0}
            excluded={excluded}
            onChoose={(id) => change(chooseInDropdown(item, config, stepIndex, id))}
            testId={`select-${stepIndex}`}
          />
        ) : (
          <div className={css.options} role={control === 'radio' ? 'radiogroup' : 'group'} aria-labelledby={titleId}>
            {step.options.map((option) => {
              const isOn = isOptionSelected(config, stepIndex, option.id);
              const cost = costForVol(option, config.vol);
              const disabled = !option.active;
              const freeNow = cost > 0 && (isOn ? freeChosen.has(option.id) : free > 0);
              return (
                <button
                  key={option.id}
                  type="button"
                  role={control}
                  aria-checked={isOn}
                  disabled={disabled}
                  className={[css.option, isOn ? css.optionOn : '', option.ohne ? css.optionOhne : ''].join(' ')}
                  onClick={() => onToggle(stepIndex, option.id)}
                  data-testid={`option-${option.id}`}
                >
                  <span className={control === 'radio' ? css.radioMark : css.checkMark} aria-hidden="true">
                    {isOn && control === 'checkbox' ? <Icon name="check" size={16} /> : null}
                  </span>
                  <span className={css.optionText}>
                    <span className={css.optionTitle}>{option.ohne ? de.menu.ohne : optionTitle(option.labelDE)}</span>
                    {optionDetails(option.labelDE).map((line) => (
                      <span key={line} className={css.optionDetail}>
                        {line}
                      </span>
                    ))}
                    <AvoidedMark substances={option.substances} excluded={excluded} />
                  </span>
                  <span className={css.optionCost}>{freeNow ? de.menu.included : step.replaceArticle ? formatEuro(cost) : costLabel(cost)}</span>
                </button>
              );
            })}
          </div>
        )}
        {extraPortions(config, stepIndex).map((portion) => (
          <div key={portion} className={css.portion} data-testid={`portion-${stepIndex}-${portion}`}>
            <StepSelect
              step={step}
              withoutOhne
              label={fill(de.menu.extraPortionLabel, { title: stepTitle(step) })}
              value={selectedIdsOf(config, stepIndex, portion)[0] ?? ''}
              vol={config.vol}
              excluded={excluded}
              onChoose={(id) => change(chooseInDropdown(item, config, stepIndex, id, portion))}
              testId={`portion-select-${stepIndex}-${portion}`}
            />
            <button
              type="button"
              className={css.portionRemove}
              aria-label={de.menu.removeExtraPortion}
              onClick={() => change(removeExtraPortion(config, stepIndex, portion))}
            >
              <Icon name="close" size={18} />
            </button>
          </div>
        ))}
        {step.extendable ? (
          <button
            type="button"
            className={css.extraPortion}
            onClick={() => change(addExtraPortion(item, config, stepIndex))}
            data-testid={`extra-portion-${stepIndex}`}
          >
            {de.menu.extraPortion}
          </button>
        ) : null}
      </fieldset>
    );
  };

  const buttonLabel = canEdit ? de.menu.updateLine : de.menu.addToCart;
  return (
    <div className={[css.panel, compact ? css.panelCompact : ''].join(' ')} ref={root} data-testid="order-panel">
      {showSizes ? (
        <section className={css.block}>
          <h2 className={css.blockTitle}>{de.menu.chooseSize}</h2>
          <div className={css.sizes} role="radiogroup" aria-label={de.menu.chooseSize}>
            {item.sizes.map((size) => {
              const on = size.vol === config.vol;
              const old = oldPrice(item, size.vol);
              const price = sizePriceFor(size, context.mode);
              return (
                <button
                  key={size.vol}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={[css.size, on ? css.sizeOn : ''].join(' ')}
                  onClick={() => change(chooseSize(item, config, size.vol))}
                  data-testid="size-option"
                  data-vol={size.vol}
                >
                  <span className={css.sizeVol}>{isHiddenVol(size.vol) ? de.menu.options : size.vol}</span>
                  <span className={css.sizePrice}>
                    {old !== undefined && old > price ? <s className={css.old}>{formatEuro(old)}</s> : null}
                    {formatEuro(price)}
                  </span>
                </button>
              );
            })}
          </div>
        </section>
      ) : null}

      {showOptions ? visible.map(renderStep) : item.extras.variants.length > 0 ? <div className={css.optionsLoading} aria-busy="true" /> : null}

      {showOptions && item.extras.styles.length > 0 ? (
        <section className={css.block} data-testid="styles">
          <h2 className={css.blockTitle}>{de.menu.yourExtras}</h2>
          <div className={css.options} role="group" aria-label={de.menu.yourExtras}>
            {item.extras.styles.map((style) => {
              const on = config.stylesSelected.includes(style.id);
              return (
                <button
                  key={style.id}
                  type="button"
                  role="checkbox"
                  aria-checked={on}
                  disabled={style.active === false && !on}
                  className={[css.option, on ? css.optionOn : ''].join(' ')}
                  onClick={() => change(toggleStyle(item, config, style.id))}
                  data-testid={`style-${style.id}`}
                >
                  <span className={css.checkMark} aria-hidden="true">
                    {on ? <Icon name="check" size={16} /> : null}
                  </span>
                  <span className={css.optionText}>
                    <span className={css.optionTitle}>{optionTitle(style.labelDE)}</span>
                    {optionDetails(style.labelDE).map((line) => (
                      <span key={line} className={css.optionDetail}>
                        {line}
                      </span>
                    ))}
                    <AvoidedMark substances={style.substances} excluded={excluded} />
                  </span>
                  <span className={css.optionCost}>{costLabel(costForVol(style, config.vol))}</span>
                </button>
              );
            })}
          </div>
        </section>
      ) : null}

      {context.features.enableItemNote ? (
        <label className={css.note}>
          <span className={css.srOnly}>{de.menu.noteLabel}</span>
          <textarea
            className={css.noteInput}
            placeholder={de.menu.notePlaceholder}
            value={config.notes}
            maxLength={200}
            rows={compact ? 1 : 2}
            onChange={(e) => change(setNotes(config, e.target.value))}
            data-testid="item-note"
          />
        </label>
      ) : null}

      {soldOut ? (
        <p className={css.unavailable} data-testid="sold-out">
          {de.menu.soldOutBadge}
        </p>
      ) : !buyable ? (
        <p className={css.unavailable} data-testid="not-buyable">
          {de.menu.notBuyableBadge}
          {times ? <span className={css.unavailableHint}>{fill(de.menu.orderTimesHint, { times })}</span> : null}
        </p>
      ) : null}

      {compact && !item.ticket ? (
        <details className={css.inlineAllergens} data-testid="inline-allergens">
          <summary>{substanceSummary(codes) || de.menu.panelAllergens}</summary>
          <SubstanceLegend codes={codes} />
        </details>
      ) : null}

      <div className={css.addRow}>
        {item.unikat ? (
          <span className={css.unikat}>{de.menu.unikatHint}</span>
        ) : (
          <QuantityStepper
            value={config.count}
            onChange={(n) => change(setCount(item, config, n))}
            labels={{ increase: de.menu.increase, decrease: de.menu.decrease }}
          />
        )}
        <div className={css.totalBox}>
          <span className={css.total} data-testid="item-total">
            {from !== null ? (
              fill(de.menu.fromPrice, { price: formatEuro(from) })
            ) : (
              <>
                {lineTotal.old !== undefined ? <s className={css.totalOld}>{formatEuro(lineTotal.old)}</s> : null}
                {formatEuro(lineTotal.price)}
              </>
            )}
          </span>
          <span className={css.vat}>{de.menu.inclVat}</span>
        </div>
      </div>
      {/* Always present, so what is put into it is announced. */}
      <p className={css.optionDetail} role="status" aria-live="polite" data-testid="add-waiting">
        {waitingForCart ? de.menu.addWaitingForCart : ''}
      </p>
      <div className={css.buttons}>
        <Button
          block
          className={[css.addButton, added ? '' : css.blink].join(' ')}
          onClick={() => void onAdd()}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="add-to-cart"
        >
          <Icon name="cart" size={20} />
          {buttonLabel}
        </Button>
        {showContinue ? (
          <Button block variant="secondary" onClick={() => navigateToUrl(pathTo('Korb'))} data-testid="continue-to-cart">
            {de.menu.continue}
            <Icon name="chevronRight" size={20} />
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** 'Enthält: Milch' for an option with an avoided allergen, '' otherwise. */
function avoidedText(substances: readonly string[] | undefined, excluded: readonly string[]): string {
  const avoided = avoidedAllergens(substances, excluded);
  return avoided.length > 0 ? fill(de.menu.allergenContainsWarning, { list: avoided.map(allergenShortName).join(', ') }) : '';
}

function AvoidedMark({ substances, excluded }: { substances: readonly string[] | undefined; excluded: readonly string[] }) {
  const text = avoidedText(substances, excluded);
  return text ? (
    <span className={css.optionDetail} data-testid="option-avoided-allergen">
      <Icon name="warning" size={14} /> {text}
    </span>
  ) : null;
}

function StepSelect({
  step,
  value,
  vol,
  onChoose,
  label,
  withoutOhne,
  included,
  excluded,
  testId,
}: {
  step: VariantStep;
  /** Allergens the guest avoids: an option containing one says so. */
  excluded: readonly string[];
  value: string;
  vol: string;
  onChoose: (id: string) => void;
  label?: string;
  withoutOhne?: boolean;
  /** The one choice of this dropdown is a free article (freeArticles; extra portions are charged). */
  included?: boolean;
  testId: string;
}) {
  const options = step.options.filter((o) => !(withoutOhne && o.ohne));
  return (
    <label className={css.selectWrap}>
      {label ? <span className={css.selectLabel}>{label}</span> : null}
      <select className={css.select} value={value} onChange={(e) => onChoose(e.target.value)} data-testid={testId} aria-label={label ?? stepTitle(step)}>
        <option value="">{de.menu.chooseOption}</option>
        {options.map((o) => {
          const cost = costForVol(o, vol);
          return (
            <option key={o.id} value={o.id} disabled={!o.active}>
              {o.ohne ? de.menu.ohne : optionTitle(o.labelDE)}
              {cost > 0 ? (included ? ` (${de.menu.included})` : ` (+ ${formatEuro(cost)})`) : ''}
              {avoidedText(o.substances, excluded) ? ` – ${avoidedText(o.substances, excluded)}` : ''}
            </option>
          );
        })}
      </select>
    </label>
  );
}
