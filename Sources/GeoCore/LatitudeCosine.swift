/// The cosine of a latitude, without a call into libm: the event detector takes one per fix,
/// and glibc's `cos` (range reduction, table lookup and a call) was about 9 % of a replay.
///
/// Up to 45° the Taylor series of cos to the x¹⁶ term; beyond, sin(π/2 − |x|) by its series to
/// the y¹⁵ term, with π/2 in two parts (W. J. Cody, W. Waite, "Software Manual for the
/// Elementary Functions", 1980) so that the small y near the poles is exact. The cos series
/// alone loses about three bits there: near 85° its terms add up to 1.1 but the result is 0.087.
/// Both series are evaluated in Estrin's scheme (D. E. Knuth, TAOCP vol. 2, §4.6.4), so their
/// multiplications overlap instead of waiting on one another as in Horner's rule. The first
/// terms left out are below 10⁻¹⁷ of the result: it is within 3 ulps of libm's
/// (the tests measure it).
///
/// - Parameter x: an angle in radians, |x| ≤ π/2.
@inlinable @inline(__always)
public func cosineOfLatitude(radians x: Double) -> Double {
    let a = abs(x)
    if a <= Double.pi / 4 {
        // Σ (−1)ᵏ z^k / (2k)!, k = 0 … 8, z = x².
        let z = a * a, z2 = z * z, z4 = z2 * z2
        let low = (1 - 0.5 * z) + z2 * (1.0 / 24 - z * (1.0 / 720))
        let high = (1.0 / 40_320 - z * (1.0 / 3_628_800)) + z2 * (1.0 / 479_001_600 - z * (1.0 / 87_178_291_200))
        return low + z4 * (high + z4 * (1.0 / 20_922_789_888_000))
    }
    // y = π/2 − |x| in [0, π/4]: Σ (−1)ᵏ y^(2k+1) / (2k+1)!, k = 0 … 7.
    let y = (1.5707963267948966 - a) + 6.123233995736766e-17
    let z = y * y, z2 = z * z, z4 = z2 * z2
    let low = (1 - z * (1.0 / 6)) + z2 * (1.0 / 120 - z * (1.0 / 5040))
    let high = (1.0 / 362_880 - z * (1.0 / 39_916_800)) + z2 * (1.0 / 6_227_020_800 - z * (1.0 / 1_307_674_368_000))
    return y * (low + z4 * high)
}
